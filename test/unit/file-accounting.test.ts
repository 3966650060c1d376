/**
 * Issue 44: the accounting of a batch's files. A failure at any stage (upload, launch, processing,
 * download) fans out to one failure per file it leaves unprocessed, and a failure item keeps its
 * fields through n8n's handling of error-output items (1.x and 2.x).
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../../nodes/DocumentProcessing/api/context';
import type { InputFile } from '../../nodes/DocumentProcessing/helpers/binaries';
import { failedFileItem } from '../../nodes/DocumentProcessing/failedFiles/failureItems';
import { type FailedFileRecord, failedFilesOf, withFailedFiles } from '../../nodes/DocumentProcessing/failedFiles/records';
import { errorItem, errorItems, runPerUnit } from '../../nodes/DocumentProcessing/helpers/items';
import { fileFailureItems } from '../../nodes/DocumentProcessing/jobs/finish';
import { accountedFiles, accountedLaunch } from '../../nodes/DocumentProcessing/failedFiles/notLaunched';
import { jobFileRecords } from '../../nodes/DocumentProcessing/failedFiles/jobFiles';
import { accountedError, nameNotProcessed, unprocessedFileItems } from '../../nodes/DocumentProcessing/failedFiles/notProcessed';
import { actionNode } from '../harness/action-node';

const node = (onError?: INode['onError']): INode => ({ ...actionNode('accounting'), ...(onError ? { onError } : {}) });
const file = (fileName: string, itemIndex: number): InputFile => ({ fileName, itemIndex, property: 'data', mimeType: 'application/pdf', size: 1, open: async () => Buffer.alloc(1) });
const call = (onError?: INode['onError']): CallContext => ({ node: node(onError), itemIndex: 0, connection: { apiKey: 'k', baseUrl: 'https://x.example', partitionUrl: 'https://x.example/p' } });
const refusal = (onError?: INode['onError']) => new NodeApiError(node(onError), { detail: 'too many pages' }, { message: 'The service refused the job: too many pages', description: 'Send fewer pages.', httpCode: '422' });

/*
 * What n8n does to a node's items (n8n-core WorkflowExecute, read in 1.123.81 and 2.40.7):
 * handleNodeErrorOutput moves an item to the error output when it has `error`, or when its json
 * has `error` and (1.x) no key but `message` besides, (2.x) no key beyond message/details; then
 * every item with `error` gets its json replaced by `{error: message}`.
 */
const toErrorOutput1x = (item: INodeExecutionData) =>
	item.error !== undefined || (item.json.error !== undefined && (Object.keys(item.json).length === 1 || (Object.keys(item.json).length === 2 && item.json.message !== undefined)));
const toErrorOutput2x = (item: INodeExecutionData) =>
	item.error !== undefined || (item.json.error !== undefined && Object.keys(item.json).every((key) => ['error', 'message', 'details'].includes(key)));
const afterNormalising = (item: INodeExecutionData) => (item.error !== undefined ? { error: item.error.message } : item.json);

const FIELDS = ['file_name', 'item_index', 'job_id', 'file_id', 'stage', 'reason', 'what_to_do'];
const record = (stage: FailedFileRecord['stage'], fileName = 'a.pdf', itemIndex = 3): FailedFileRecord => ({
	file_name: fileName,
	item_index: itemIndex,
	job_id: stage === 'launch' || stage === 'upload' ? null : 'job-1',
	file_id: null,
	stage,
	reason: 'why',
	what_to_do: 'do this',
});

describe('a failure item and n8n’s handling of error-output items', () => {
	it.each(['upload', 'launch', 'processing', 'download'] as const)('%s: on the error output in 1.x and 2.x, every field kept, the message readable', (stage) => {
		const item = failedFileItem(record(stage), 'errorOutput', [{ item: 0 }]);
		expect([toErrorOutput1x(item), toErrorOutput2x(item)]).toEqual([true, true]);
		const kept = afterNormalising(item).error as IDataObject;
		expect(Object.keys(kept)).toEqual(expect.arrayContaining([...FIELDS, 'message']));
		expect(kept.message).toMatch(/^File "a.pdf" .*: why$/);
		expect(item.pairedItem).toEqual({ item: 3 });
	});

	it('on the regular output: stays there, fields top-level, `error` the sentence', () => {
		const item = failedFileItem(record('processing'), 'items', [{ item: 0 }]);
		expect([toErrorOutput1x(item), toErrorOutput2x(item)]).toEqual([false, false]);
		expect(item.json).toMatchObject({ error: 'File "a.pdf" failed in job "job-1": why', file_name: 'a.pdf', stage: 'processing', item_index: 3 });
	});

	it('a failure that names no file reaches the error output too (not the success output)', () => {
		const item = errorItem(refusal('continueErrorOutput'), 2);
		expect([toErrorOutput1x(item), toErrorOutput2x(item)]).toEqual([true, true]);
		expect(item.json.error).toBe('The service refused the job: too many pages. Send fewer pages.');
	});

	it('a file that failed inside a job (the service’s reason) keeps its fields on the error output', () => {
		const failure = { job_id: 'j', file_id: 'f', file_name: 'scan.pdf', error: 'Partitioning failed', processing_status: 'COMPLETED_WITH_ERRORS', itemIndex: 1 };
		const [item] = fileFailureItems(node('continueErrorOutput'), [failure], 'errorOutput', { goodFiles: 1 }, [{ item: 0 }]);
		expect(toErrorOutput2x(item) && toErrorOutput1x(item)).toBe(true);
		expect(afterNormalising(item).error).toMatchObject({ file_name: 'scan.pdf', job_id: 'j', file_id: 'f', item_index: 1, stage: 'processing', reason: 'Partitioning failed' });
	});
});

describe('each stage’s failure fans out to its files', () => {
	it('upload: an item’s files that cannot be read, named even when the check gave no file name', async () => {
		const thrown = await accountedFiles(node(), 4, async () => {
			throw new NodeOperationError(node(), 'The file is empty', { description: 'Check the node that produced it.' });
		}).catch((error: Error) => error);
		expect(failedFilesOf(thrown)).toEqual([expect.objectContaining({ item_index: 4, stage: 'upload', file_name: null, what_to_do: 'Check the node that produced it.' })]);
	});

	it('launch: a refused launch names every file the job carried', async () => {
		const files = [file('a.pdf', 0), file('b.pdf', 0), file('c.pdf', 1)];
		const thrown = await accountedLaunch(call(), files, async () => {
			throw refusal();
		}).catch((error: Error) => error);
		expect(failedFilesOf(thrown)?.map((entry) => [entry.file_name, entry.item_index, entry.stage, entry.http_code, entry.job_id])).toEqual([
			['a.pdf', 0, 'launch', '422', null],
			['b.pdf', 0, 'launch', '422', null],
			['c.pdf', 1, 'launch', '422', null],
		]);
	});

	it('upload again: a launch request that broke before the service answered', async () => {
		const thrown = await accountedLaunch(call(), [file('a.pdf', 0)], async () => {
			throw new Error('socket hang up');
		}).catch((error: Error) => error);
		expect(failedFilesOf(thrown)?.map((entry) => entry.stage)).toEqual(['upload']);
	});

	it('processing and download: the job’s files, keeping those that already failed with their own reason', () => {
		const files = [{ file: file('a.pdf', 0), fileId: 'fa' }, { file: file('b.pdf', 1), fileId: 'fb' }];
		const failedInside: FailedFileRecord = { ...record('processing', 'b.pdf', 1), file_id: 'fb' };
		const records = jobFileRecords(files, 'job-1', 'download', new Error('download broke'), [failedInside]);
		expect(records.map((entry) => [entry.file_name, entry.stage, entry.reason])).toEqual([
			['a.pdf', 'download', 'download broke'],
			['b.pdf', 'processing', 'why'],
		]);
		expect(records[0].what_to_do).toMatch(/Download Output and job ID job-1/);
	});

	it('routes a job-level failure: one item per file, or (default On Error) the error naming all of them', () => {
		const files = Array.from({ length: 12 }, (_, index) => ({ file: file(`doc-${index}.pdf`, index) }));
		const error = accountedError(node(), new Error('The job ended with status FAILED'), 0, (wrapped) => jobFileRecords(files, 'job-1', 'processing', wrapped));
		expect(unprocessedFileItems(error, 'items', [{ item: 0 }])).toHaveLength(12);
		expect(() => unprocessedFileItems(error, 'error', [{ item: 0 }])).toThrow(error);
		for (let index = 0; index < 12; index++) expect((error as NodeOperationError).description).toContain(`"doc-${index}.pdf" (item ${index}, processing, job job-1)`);
	});

	it('an aborted execution is no file’s failure', () => {
		const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
		expect(accountedError(node(), abort, 0, () => [record('processing')])).toBe(abort);
		expect(() => unprocessedFileItems(abort, 'items', [])).toThrow(abort);
	});
});

describe('runPerUnit and errorItems', () => {
	const ctx = (continueOnFail: boolean, onError?: INode['onError']) => ({ continueOnFail: () => continueOnFail, getNode: () => node(onError) }) as unknown as IExecuteFunctions;
	const failingUnit = (names: string[], itemIndex: number, onError?: INode['onError']) => async () => {
		throw withFailedFiles(refusal(onError), names.map((name) => record('launch', name, itemIndex)));
	};

	it('under Continue, a failed unit becomes one failure item per file it names', async () => {
		const output = await runPerUnit(ctx(true, 'continueErrorOutput'), [[0], [1]], async (unit) => (unit === 0 ? await failingUnit(['a.pdf', 'b.pdf'], 0, 'continueErrorOutput')() : { ok: true }));
		expect(output.map((item) => (item.json.error as IDataObject | undefined)?.file_name ?? 'ok')).toEqual(['a.pdf', 'b.pdf', 'ok']);
	});

	it('without, the error names the files of every unit that failed', async () => {
		const thrown = await runPerUnit(ctx(false), [[0], [1]], async (unit) => await failingUnit(unit === 0 ? ['a.pdf'] : ['b.pdf', 'c.pdf'], unit)()).catch((error: Error) => error);
		expect((thrown as NodeApiError).description).toMatch(/Files not processed \(3\): "a.pdf" \(item 0, launch\), "b.pdf" \(item 1, launch\), "c.pdf" \(item 1, launch\)/);
	});

	it('names them in item order when a later unit fails first (units under way end in any order)', async () => {
		const thrown = await runPerUnit(ctx(false), [[0], [1]], async (unit) => {
			if (unit === 0) await new Promise((resolve) => setTimeout(resolve, 20));
			return await failingUnit(unit === 0 ? ['a.pdf'] : ['b.pdf', 'c.pdf'], unit)();
		}).catch((error: Error) => error);
		expect((thrown as NodeApiError).description).toMatch(/Files not processed \(3\): "a.pdf" \(item 0, launch\), "b.pdf" \(item 1, launch\), "c.pdf" \(item 1, launch\)/);
	});

	it('a unit whose error already names its files: still one list, naming every unit’s files, before the request it ends with', async () => {
		const named = (names: string[], itemIndex: number) => async () => {
			const error = withFailedFiles(new NodeApiError(node(), {}, { message: 'refused', description: 'Send fewer pages. (422, POST /api/v1/jobs/)', httpCode: '422' }), names.map((name) => record('launch', name, itemIndex)));
			throw nameNotProcessed(error, failedFilesOf(error) ?? []);
		};
		const thrown = await runPerUnit(ctx(false), [[0], [1]], async (unit) => await named(unit === 0 ? ['a.pdf'] : ['b.pdf'], unit)()).catch((error: Error) => error);
		expect((thrown as NodeApiError).description).toBe('Send fewer pages. Files not processed (2): "a.pdf" (item 0, launch), "b.pdf" (item 1, launch). (422, POST /api/v1/jobs/)');
	});

	it('an error that names no file stays one item for its unit', () => {
		expect(errorItems(refusal(), [0, 1])).toEqual([{ json: { error: expect.any(String), errorDescription: 'Send fewer pages.', httpCode: '422' }, pairedItem: [{ item: 0 }, { item: 1 }] }]);
	});
});
