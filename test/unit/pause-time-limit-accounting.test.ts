/**
 * Issue 44: a paused execution that reaches its time limit accounts for every file of every job
 * still running, one failure item each with its job and file ids, as the poll mode does.
 */
import type { INode } from 'n8n-workflow';
import type { CallContext } from '../../nodes/DocumentProcessing/api/context';
import type { Job } from '../../nodes/DocumentProcessing/api/schemas';
import { failedFilesOf } from '../../nodes/DocumentProcessing/failedFiles/records';
import { timeLimitOutcome } from '../../nodes/DocumentProcessing/jobs/pause/outcome';
import type { PausedJob, PauseState } from '../../nodes/DocumentProcessing/jobs/pause/state';

const node = (onError?: INode['onError']): INode => ({
	id: 'n',
	name: 'Process Files',
	type: 'n8n-nodes-document-processing.documentProcessing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	...(onError ? { onError } : {}),
});

const file = (name: string, item: number) => ({ n: name, i: item, p: 'data', m: 'application/pdf', s: 100 });
const pausedJob = (id: string, names: string[], items: number[]): PausedJob => ({
	id,
	items: [...new Set(items)],
	fileIds: names.map((name) => `${id}-${name}`),
	files: names.map((name, index) => file(name, items[index] as number)),
	failOnJobFailure: true,
});

const state = (continueOnFail: boolean): PauseState =>
	({
		v: 1,
		continueOnFail,
		deadline: 0,
		carried: [{ json: { error: 'an earlier item' }, pairedItem: { item: 4 } }],
		jobs: [pausedJob('job-a', ['a.pdf', 'b.pdf', 'c.pdf'], [0, 1, 1]), pausedJob('job-b', ['d.pdf'], [2])],
	}) as unknown as PauseState;

const jobs = [{ id: 'job-a', status: 'IN_PROGRESS' }, { id: 'job-b', status: 'SCHEDULED' }] as unknown as Job[];

describe('the pause time limit', () => {
	it('gives one failure item per file of each running job, with job id, file id, stage and what to do', () => {
		const call = { node: node('continueRegularOutput') } as unknown as CallContext;
		const { items } = timeLimitOutcome(call, state(true), jobs, 60_000);
		expect(items[0]).toEqual({ json: { error: 'an earlier item' }, pairedItem: { item: 4 } });
		const failures = items.slice(1);
		expect(failures.map((item) => [item.json.file_name, item.json.item_index, item.json.job_id, item.json.file_id, item.json.stage])).toEqual([
			['a.pdf', 0, 'job-a', 'job-a-a.pdf', 'processing'],
			['b.pdf', 1, 'job-a', 'job-a-b.pdf', 'processing'],
			['c.pdf', 1, 'job-a', 'job-a-c.pdf', 'processing'],
			['d.pdf', 2, 'job-b', 'job-b-d.pdf', 'processing'],
		]);
		for (const item of failures) {
			expect(String(item.json.reason)).toMatch(/^Job "job-[ab]" did not finish within 1 minutes/);
			expect(item.json.what_to_do).toEqual(expect.any(String));
		}
	});

	it('keeps the fields inside `error` on the error output, and the error the node fails with names every file', () => {
		const call = { node: node('continueErrorOutput') } as unknown as CallContext;
		const { items, error } = timeLimitOutcome(call, state(true), jobs, 60_000);
		expect(items.slice(1).map((item) => (item.json.error as { file_name: string }).file_name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
		expect(items.slice(1).every((item) => item.error === undefined)).toBe(true);
		// The first running job's error, carrying its own files and naming every file of every job (issue 51).
		expect(error.message).toMatch(/^Job "job-a" did not finish within 1 minutes/);
		expect(failedFilesOf(error)?.map((record) => record.file_name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
		expect((error as { description?: string }).description).toMatch(
			/ Files not processed \(4\): "a\.pdf" \(item 0, processing, job job-a\), "b\.pdf" \(item 1, processing, job job-a\), "c\.pdf" \(item 1, processing, job job-a\), "d\.pdf" \(item 2, processing, job job-b\)\.$/,
		);
	});
});
