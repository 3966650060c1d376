/** Fault-matrix rows of the operations that turn files into elements: jobs, workflow runs and partitions. */
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { markdownItem } from './bench';
import { actionCase, json } from './actionCase';
import type { OperationUnderTest, Outcome } from './operations';

const expectElements = (outcome: Outcome) => {
	expect(outcome.output?.length).toBeGreaterThan(0);
	for (const item of outcome.output ?? []) expect(item.json).toEqual(expect.objectContaining({ type: expect.any(String), element_id: expect.any(String) }));
};

const workflowId = { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID };

export function processingOperations(): OperationUnderTest[] {
	const completed = { get: { jobId: '' }, wait: { jobId: '' }, download: { jobId: '' } };

	return [
		{
			name: 'job.create',
			idempotent: false,
			itemIndex: 0,
			launches: true,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(bench, { method: 'POST', path: '/api/v1/jobs/' }, { resource: 'job', operation: 'create' }, [markdownItem()], (outcome) =>
					expect(json(outcome)).toMatchObject({ status: 'SCHEDULED', job_type: 'ephemeral', input_file_map: { 'report.md': expect.any(String) } }),
				),
		},
		{
			name: 'job.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.get = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.get;
				return actionCase(bench, { method: 'GET', path: `/api/v1/jobs/${jobId}` }, { resource: 'job', operation: 'get', jobId }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id: jobId, status: 'COMPLETED' }),
				);
			},
		},
		{
			name: 'job.waitForCompletion',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.wait = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.wait;
				return actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/jobs/${jobId}` },
					{ resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: 1 } },
					undefined,
					(outcome) => expect(json(outcome)).toMatchObject({ id: jobId, status: 'COMPLETED', succeeded: true }),
				);
			},
		},
		{
			name: 'job.downloadOutput',
			idempotent: true,
			anyJson: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				completed.download = await bench.completedJob();
			},
			prepare: async (bench) => {
				const { jobId } = completed.download;
				return actionCase(
					bench,
					{ method: 'GET', path: `/api/v1/jobs/${jobId}/download` },
					{ resource: 'job', operation: 'downloadOutput', jobId },
					undefined,
					expectElements,
				);
			},
		},
		{
			name: 'job.process',
			idempotent: false,
			itemIndex: 0,
			launches: true,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: '/api/v1/jobs/' },
					{ resource: 'job', operation: 'process', options: { maxPollIntervalSeconds: 1 } },
					[markdownItem()],
					expectElements,
				),
		},
		{
			name: 'workflow.run',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'jobs' },
			prepare: async (bench) =>
				actionCase(
					bench,
					{ method: 'POST', path: `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run` },
					{ resource: 'workflow', operation: 'run', workflowId },
					[markdownItem()],
					(outcome) => expect(json(outcome)).toMatchObject({ status: 'SCHEDULED', workflow_id: DEFAULT_WORKFLOW_ID }),
				),
		},
		{
			name: 'document.partition',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) =>
				actionCase(bench, { method: 'POST', path: '/general/v0/general' }, { resource: 'document', operation: 'partition' }, [markdownItem()], expectElements),
		},
	];
}
