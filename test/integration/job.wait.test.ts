/**
 * Job resource: Wait for Job, Download Output and Process Files (create + wait + download).
 * @mostly-waits on the service's one-second launch spacing and the jobs' run time (test/sequencer.js)
 */
import type { IDataObject } from 'n8n-workflow';
import { failure, textFile } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 300, schedule_delay_ms: 20 });
const { run } = world;
const fileItem = markdownItem;

describe('Wait for Job', () => {
	const create = async () => (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')])).output[0][0].json.id as string;

	it('returns the completed job', async () => {
		const id = await create();
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id });
		expect(result.output[0][0].json).toMatchObject({ id, status: 'COMPLETED', succeeded: true });
		expect(result.output[0][0].json.output_node_files).toHaveLength(1);
	});

	it.each(['FAILED', 'STOPPED'] as const)('fails on a %s job, or outputs it when asked not to fail', async (status) => {
		world.service.emulator.setConfig({ job_duration_ms: 60_000 });
		const id = await create();
		const waiting = run({ resource: 'job', operation: 'waitForCompletion', jobId: id });
		setTimeout(() => void world.service.emulator.finishJob(id, status), 300);
		const error = await failure(waiting);
		expect(error.message).toBe(`Job "${id}" ended with status ${status}`);
		const result = await run({ resource: 'job', operation: 'waitForCompletion', jobId: id, options: { failOnJobFailure: false } });
		expect(result.output[0][0].json).toMatchObject({ id, status, succeeded: false });
	});

	it('explains a timeout while the job is SCHEDULED behind five running jobs', async () => {
		world.service.emulator.setConfig({ max_running_jobs: 1, job_duration_ms: 60_000 });
		await create();
		const id = await create();
		const error = await failure(run({ resource: 'job', operation: 'waitForCompletion', jobId: id, options: { timeoutMinutes: 0.03 } }));
		expect(error.message).toMatch(/did not finish within 0\.03 minutes \(last status: SCHEDULED\)/);
		expect(error.description).toMatch(/at most 5 on-demand jobs/);
	});

	it('reports the sixth concurrent job SCHEDULED and completes it once a slot frees', async () => {
		world.service.emulator.setConfig({ job_duration_ms: 60_000 });
		const items = Array.from({ length: 6 }, (_, n) => fileItem(`f${n}.md`));
		const jobs = (await run({ resource: 'job', operation: 'create' }, items)).output[0].map((item) => item.json.id as string);
		const statuses = async () =>
			(await run({ resource: 'job', operation: 'get', jobId: '={{ $json.id }}' }, jobs.map((id) => ({ json: { id } })))).output[0].map(
				(item) => item.json.status,
			);
		// Items launch side by side, so which item's job came sixth is not fixed; that one is SCHEDULED.
		const before = await statuses();
		expect([...before].sort()).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'SCHEDULED']);
		const sixth = jobs[before.indexOf('SCHEDULED')];
		world.service.emulator.setConfig({ job_duration_ms: 300 });
		await world.service.emulator.finishJob(jobs[before.indexOf('IN_PROGRESS')], 'COMPLETED');
		const waited = await run({ resource: 'job', operation: 'waitForCompletion', jobId: sixth });
		expect(waited.output[0][0].json.status).toBe('COMPLETED');
	});

	it('waits for many items side by side, not one after another', async () => {
		world.service.emulator.setConfig({ job_duration_ms: 60_000 });
		const ids = (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md'), fileItem('b.md'), fileItem('c.md')])).output[0].map(
			(item) => item.json.id as string,
		);
		await world.service.control('requests', { method: 'DELETE' });
		const waiting = run({ resource: 'job', operation: 'waitForCompletion', jobId: '={{ $json.id }}' }, ids.map((id) => ({ json: { id } })));
		// Every job has been polled at least once while all three are still running.
		for (let attempt = 0; attempt < 100; attempt++) {
			const polled = new Set((await world.service.requests('/api/v1/jobs/')).map((request) => request.path.split('/').pop()));
			if (ids.every((id) => polled.has(id))) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		const polled = new Set((await world.service.requests('/api/v1/jobs/')).map((request) => request.path.split('/').pop()));
		expect(ids.filter((id) => polled.has(id))).toEqual(ids);
		for (const id of ids) await world.service.emulator.finishJob(id, 'COMPLETED');
		expect((await waiting).output[0].map((item) => item.json.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
	});
});

describe('Download Output', () => {
	let jobId: string;
	beforeEach(async () => {
		const created = await run(
			{ resource: 'job', operation: 'create', inputSource: 'allBinary', steps: { step: [{ kind: 'provider_ner', providerType: 'p', model: 'm' }] } },
			[{ json: {}, binary: { a: textFile('alpha.md', '# Alpha\n\nAlice met Bob in Paris.', 'text/markdown'), b: textFile('beta.txt', 'Beta text.') } }],
		);
		jobId = created.output[0][0].json.id as string;
		await run({ resource: 'job', operation: 'waitForCompletion', jobId });
	});
	it('outputs one item per element of the final node by default', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId });
		const elements = result.output[0].map((item) => item.json);
		expect(elements.length).toBeGreaterThanOrEqual(3);
		expect(elements[0]).toMatchObject({ type: 'Title', text: 'Alpha', element_id: expect.any(String) });
		expect(elements.some((element) => (element.metadata as IDataObject).entities !== undefined)).toBe(true);
		expect(result.output[0].every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('outputs one item per file with the input file name, for every node when asked', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'files', options: { outputSteps: 'all' } });
		const files = result.output[0].map((item) => item.json);
		expect(files).toHaveLength(4);
		expect(new Set(files.map((file) => file.node_id)).size).toBe(2);
		expect(files.map((file) => file.input_file_name).sort()).toEqual(['alpha.md', 'alpha.md', 'beta.txt', 'beta.txt']);
		expect(files[0]).toMatchObject({ job_id: jobId, element_count: (files[0].elements as unknown[]).length });
	});

	it('outputs a file as binary JSON', async () => {
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, outputMode: 'binary', outputBinaryPropertyName: 'elements' });
		expect(result.output[0]).toHaveLength(2);
		const binary = result.output[0][0].binary?.elements;
		expect(binary).toMatchObject({ fileName: 'alpha.json', mimeType: 'application/json' });
		const parsed = JSON.parse((await result.readBinary(0, 'elements')).toString()) as IDataObject[];
		expect(parsed[0]).toMatchObject({ type: 'Title', text: 'Alpha' });
		expect(result.output[0][0].json.element_count).toBe(parsed.length);
	});

	it('downloads one file by id', async () => {
		const job = (await run({ resource: 'job', operation: 'get', jobId })).output[0][0].json;
		const fileId = (job.input_file_ids as string[])[1];
		const result = await run({ resource: 'job', operation: 'downloadOutput', jobId, fileSelection: 'one', fileId, outputMode: 'files' });
		expect(result.output[0].map((item) => item.json.input_file_name)).toEqual(['beta.txt']);
	});

	it('says when the job has not completed yet', async () => {
		world.service.emulator.setConfig({ job_duration_ms: 60_000 });
		const id = (await run({ resource: 'job', operation: 'create' }, [fileItem('a.md')])).output[0][0].json.id as string;
		const error = await failure(run({ resource: 'job', operation: 'downloadOutput', jobId: id }));
		expect(error.message).toMatch(/has no outputs to download yet \(status: (SCHEDULED|IN_PROGRESS)\)/);
	});
});

describe('Process Files', () => {
	it('creates, waits and downloads, pairing each element to the item whose file it came from', async () => {
		const result = await run({ resource: 'job', operation: 'process', options: { batchMode: 'combine', outputMode: 'files' } }, [fileItem('one.md'), fileItem('two.md')]);
		const files = result.output[0];
		expect(files.map((item) => [item.json.input_file_name, item.pairedItem])).toEqual([
			['one.md', { item: 0 }],
			['two.md', { item: 1 }],
		]);
		expect((await world.service.counts()).jobs).toBe(1);
	});

	it('outputs elements per item by default, one job per item', async () => {
		const result = await run({ resource: 'job', operation: 'process' }, [fileItem('one.md'), fileItem('two.md')]);
		const texts = result.output[0].map((item) => [item.json.text, item.pairedItem]);
		expect(texts).toContainEqual(['one.md', { item: 0 }]);
		expect(texts).toContainEqual(['two.md', { item: 1 }]);
		expect((await world.service.counts()).jobs).toBe(2);
	});
});
