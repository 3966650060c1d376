/**
 * Attack 7 of issue 49: the service's endpoint (hostile, broken, or anything between n8n and it)
 * answers 200 with a 1 GiB JSON body, or a body without end. Before, the answer was read whole;
 * V8's string-length error was taken for a broken connection and the request sent again (6 GiB
 * read for one item, "The service may be restarting"), and a body without end grew until the
 * host ran out. Now the item fails with the answer's bound in words after one request.
 * The emulator generates the floods as they are read (test/emulator/http/flood.ts).
 */
import { NodeApiError } from 'n8n-workflow';
import { useDocumentWorld } from './support/documentWorld';
import { markdownItem, useActionWorld } from './support/actionWorld';
import { failure, textFile } from './support/service';

const GiB = 1024 * 1024 * 1024;
const PARTITION = '/general/v0/general';
const world = useDocumentWorld();
const item = () => [{ binary: { data: textFile('notes.txt', 'A short note, one sentence long.') } }];
// A hostile endpoint answers so every time (the old code asked six times).
const fault = async (body: Record<string, unknown>) => await world.service.control('faults', { method: 'POST', body: { path: PARTITION, times: 10, ...body } });

describe('attack: Partition File against an answer too large to hold', () => {
	it('fails the item at the headers of a 200 announcing 1 GiB: one request, the bound in words, what to do', async () => {
		await fault({ flood_bytes: GiB });
		const started = Date.now();
		const error = await failure(world.run({}, item()));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'File "notes.txt": The service’s answer is too large: over the 64 MiB the node reads for the partition answer for a file of 32 bytes (32 times the file, at least 64 MiB, at most 256 MiB)',
		);
		expect(error.description).toMatch(/^A file’s elements are a few times its size: check that the credential’s addresses are the service’s own.*It was not requested again/);
		expect(error.description).not.toMatch(/restarting/);
		expect(await world.partitionRequests()).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(10_000);
	});

	it.each([
		['a chunked 1 GiB body', { flood_bytes: GiB, chunked: true }],
		['a body without end', { flood_endless: true }],
	])('cuts %s at the bound (64 MiB for a small file) and does not ask again', async (_name, flood) => {
		await fault(flood);
		const started = Date.now();
		const error = await failure(world.run({}, item()));
		expect(error.message).toMatch(/^File "notes\.txt": The service’s answer is too large: over the 64 MiB the node reads/);
		expect(await world.partitionRequests()).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(30_000);
	});

	it('fails only that item under continue on fail; the next item is partitioned', async () => {
		await fault({ flood_endless: true });
		const result = await world.run({}, [...item(), { binary: { data: textFile('b.txt', 'Another note, also one sentence.') } }], { continueOnFail: true });
		const [first, ...rest] = result.output[0];
		expect(first.json.error).toMatch(/answer is too large/);
		expect(first.pairedItem).toEqual({ item: 0 });
		expect(rest.length).toBeGreaterThan(0);
		expect(rest.every((element) => JSON.stringify(element.pairedItem) === '{"item":1}')).toBe(true);
	});
});

describe('attack: a job output too large to hold', () => {
	const jobs = useActionWorld({ job_duration_ms: 0, schedule_delay_ms: 0 });

	it('fails Download Output at the headers of a 1 GiB output file, one request', async () => {
		const created = await jobs.run({ resource: 'job', operation: 'create' }, [markdownItem('a.md')]);
		const jobId = created.output[0][0].json.id as string;
		await jobs.run({ resource: 'job', operation: 'waitForCompletion', jobId });
		await jobs.service.control('faults', { method: 'POST', body: { method: 'GET', path: `/api/v1/jobs/${jobId}/download`, flood_bytes: GiB } });
		const error = await failure(jobs.run({ resource: 'job', operation: 'downloadOutput', jobId }));
		expect(error.message).toBe('The service’s answer is too large: over the 256 MiB the node reads for one output file');
		expect(error.description).toMatch(/^An output file holds one input file’s results/);
		expect(await jobs.service.requests(`/api/v1/jobs/${jobId}/download`)).toHaveLength(1);
	});
});
