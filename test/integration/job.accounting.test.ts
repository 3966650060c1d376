/**
 * Issue 44: every input file of a batch ends in exactly one place (an output, a failure item, or
 * the node's error naming it), whatever stage failed: an empty file (refused before upload), a
 * launch the service refused (422: its 10 files), a file the service could not read.
 * @mostly-waits on the service's one-second launch spacing (test/sequencer.js)
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { executeNode, type HarnessItem } from '../harness';
import { failure, textFile } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 60, schedule_delay_ms: 10, failing_file_pattern: 'broken' });

/** 13 files: one empty; of the 12 sent, the first 10 go into the job whose launch is refused, then `good` and `broken`. */
const NAMES = ['empty.md', ...Array.from({ length: 10 }, (_, index) => `doc-${index}.md`), 'good.md', 'broken.md'];
const batch = (): HarnessItem[] =>
	NAMES.map((name) => (name === 'empty.md' ? { json: { name }, binary: { data: textFile(name, '', 'text/markdown') } } : markdownItem(name)));
const processFiles = { resource: 'job', operation: 'process', options: { batchMode: 'combine', outputMode: 'files', maxPollIntervalSeconds: 1 } };

async function refuseFirstLaunch(): Promise<void> {
	await world.service.control('faults', { body: { method: 'POST', path: '/api/v1/jobs', status: 422, detail: 'The pipeline is not accepted for these files' } });
}

const run = async (onError?: 'continueErrorOutput' | 'continueRegularOutput') =>
	await executeNode({
		nodeType: new DocumentProcessing(),
		parameters: processFiles,
		items: batch(),
		credentials: world.service.credentials,
		...(onError ? { nodeSettings: { onError } } : {}),
	});

const FIELDS = ['file_name', 'item_index', 'job_id', 'file_id', 'stage', 'reason', 'what_to_do'];

function expectAccounted(outputs: INodeExecutionData[], failures: IDataObject[]): void {
	const named = [...outputs.map((item) => item.json.input_file_name), ...failures.map((fields) => fields.file_name)];
	expect(named.sort()).toEqual([...NAMES].sort());
	for (const fields of failures) expect(Object.keys(fields)).toEqual(expect.arrayContaining(FIELDS));
	const stageOf = Object.fromEntries(failures.map((fields) => [fields.file_name, fields.stage]));
	expect(stageOf['empty.md']).toBe('upload');
	expect(stageOf['broken.md']).toBe('processing');
	for (let index = 0; index < 10; index++) expect(stageOf[`doc-${index}.md`]).toBe('launch');
	const refused = failures.find((fields) => fields.file_name === 'doc-3.md')!;
	expect(refused).toMatchObject({ item_index: 4, job_id: null, file_id: null, http_code: '422', reason: expect.stringMatching(/not accepted/) });
	expect(failures.find((fields) => fields.file_name === 'broken.md')).toMatchObject({ item_index: 12, job_id: expect.any(String), file_id: expect.any(String) });
}

describe('Process Files over a batch with an empty file, a refused launch and a file the service cannot read', () => {
	it('Continue (using error output): outputs on the main output, one failure per file with its fields on the error output', async () => {
		await refuseFirstLaunch();
		const result = await run('continueErrorOutput');
		const [outputs, errors] = result.output;
		expect(outputs.map((item) => item.json.input_file_name)).toEqual(['good.md']);
		const failures = errors.map((item) => item.json.error as IDataObject);
		expectAccounted(outputs, failures);
		expect(failures.every((fields) => typeof fields.message === 'string' && String(fields.message).includes(String(fields.file_name)))).toBe(true);
		// Each failure pairs to the item its file came from.
		expect(errors.map((item) => (item.pairedItem as { item: number }).item)).toEqual(failures.map((fields) => fields.item_index));
	}, 60_000);

	it('Continue (regular output): one failure item per file beside the outputs, fields top-level', async () => {
		await refuseFirstLaunch();
		const result = await run('continueRegularOutput');
		const failures = result.output[0].filter((item) => item.json.stage !== undefined);
		const outputs = result.output[0].filter((item) => item.json.stage === undefined);
		expectAccounted(outputs, failures.map((item) => item.json));
		expect(failures.every((item) => typeof item.json.error === 'string')).toBe(true);
	}, 60_000);

	it('default On Error: the node’s error names every file its job left unprocessed', async () => {
		await refuseFirstLaunch();
		const error = await failure(world.run({ ...processFiles }, batch().slice(1)));
		expect(error.message).toMatch(/not accepted/);
		for (let index = 0; index < 10; index++) expect(error.description).toContain(`"doc-${index}.md" (item ${index}, launch)`);
	}, 60_000);
});

describe('job-level failures fan out to the job’s files', () => {
	it('a job that failed as a whole: one failure per file, with the service’s reason for each', async () => {
		world.service.emulator.setConfig({ default_job_outcome: 'FAILED' });
		const result = await world.run({ ...processFiles }, [markdownItem('a.md'), markdownItem('b.md')], true);
		expect(result.output[0].map((item) => [item.json.file_name, item.json.stage, item.json.item_index])).toEqual([
			['a.md', 'processing', 0],
			['b.md', 'processing', 1],
		]);
	});

	it('a download that failed: every file of the job named at stage download, with how to get the outputs', async () => {
		await world.service.control('faults', { body: { method: 'GET', path: '/api/v1/jobs/', path_suffix: '/download', status: 500, times: 20 } });
		const result = await world.run({ ...processFiles }, [markdownItem('a.md'), markdownItem('b.md')], true);
		expect(result.output[0].map((item) => [item.json.file_name, item.json.stage])).toEqual([
			['a.md', 'download'],
			['b.md', 'download'],
		]);
		expect(result.output[0][0].json.what_to_do).toMatch(/Download Output/);
	}, 60_000);

	it('Run Workflow: a refused run names the item’s files at stage launch', async () => {
		await world.service.control('faults', { body: { method: 'POST', path: '/api/v1/workflows/', path_suffix: '/run', status: 422, detail: 'run refused' } });
		const workflowId = { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID };
		const item: HarnessItem = { json: {}, binary: { data: textFile('x.md', '# x', 'text/markdown'), more: textFile('y.md', '# y', 'text/markdown') } };
		const result = await world.run({ resource: 'workflow', operation: 'run', workflowId, afterRun: 'download', binaryPropertyName: 'data, more' }, [item], true);
		expect(result.output[0].map((entry) => [entry.json.file_name, entry.json.stage, entry.json.http_code])).toEqual([
			['x.md', 'launch', '422'],
			['y.md', 'launch', '422'],
		]);
	}, 60_000);
});
