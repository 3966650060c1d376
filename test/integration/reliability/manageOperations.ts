/** Fault-matrix rows of the operations that change what the service has: channel update/delete, job list/cancel; and a job's details and failed files. */
import { actionCase, json } from './actionCase';
import type { OperationUnderTest } from './operations';

export function manageOperations(): OperationUnderTest[] {
	return [
		{
			name: 'notificationChannel.update',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const id = await bench.webhookChannel();
				return actionCase(
					bench,
					{ method: 'PATCH', path: `/api/v1/notifications/channels/${id}` },
					{ resource: 'notificationChannel', operation: 'update', scope: 'workspace', channelId: id, updateFields: { enabled: false } },
					undefined,
					async (outcome) => {
						expect(json(outcome)).toMatchObject({ id, enabled: false });
						expect(await bench.channelEnabled(id)).toBe(false);
					},
				);
			},
		},
		{
			name: 'notificationChannel.delete',
			idempotent: true,
			emptyAnswer: true,
			itemIndex: 0,
			effects: { deletes: 'channels' },
			prepare: async (bench) => {
				const id = await bench.webhookChannel();
				return actionCase(
					bench,
					{ method: 'DELETE', path: `/api/v1/notifications/channels/${id}` },
					{ resource: 'notificationChannel', operation: 'delete', scope: 'workspace', channelId: id },
					undefined,
					(outcome) => expect(json(outcome)).toEqual({ id, deleted: true }),
				);
			},
		},
		{
			name: 'job.getAll',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				await bench.completedJob();
				await bench.completedJob();
			},
			prepare: async (bench) =>
				actionCase(bench, { method: 'GET', path: '/api/v1/jobs/' }, { resource: 'job', operation: 'getAll', returnAll: true }, undefined, (outcome) =>
					expect(outcome.output?.map((item) => item.json.status)).toEqual(['COMPLETED', 'COMPLETED']),
				),
		},
		{
			name: 'job.getDetails',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const { jobId } = await bench.completedJob();
				return actionCase(bench, { method: 'GET', path: `/api/v1/jobs/${jobId}/details` }, { resource: 'job', operation: 'getDetails', jobId }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id: jobId, processing_status: 'SUCCESS' }),
				);
			},
		},
		{
			name: 'job.getFailedFiles',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			setup: async (bench) => {
				bench.emulator.setConfig({ failing_file_pattern: '.' });
			},
			prepare: async (bench) => {
				const { jobId } = await bench.completedJob();
				return actionCase(bench, { method: 'GET', path: `/api/v1/jobs/${jobId}/failed-files` }, { resource: 'job', operation: 'getFailedFiles', jobId }, undefined, (outcome) =>
					expect(outcome.output?.map((item) => item.json.job_id)).toEqual([jobId]),
				);
			},
		},
		{
			name: 'job.cancel',
			idempotent: true,
			readsBack: true,
			itemIndex: 0,
			effects: {},
			// Rows of a lane run one after another and each starts with a reset, so this lasts for this row only.
			setup: async (bench) => {
				bench.emulator.setConfig({ job_duration_ms: 60_000 });
			},
			prepare: async (bench) => {
				const jobId = await bench.runningJob();
				return actionCase(bench, { method: 'POST', path: `/api/v1/jobs/${jobId}/cancel` }, { resource: 'job', operation: 'cancel', jobId }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id: jobId, status: 'STOPPED' }),
				);
			},
		},
	];
}
