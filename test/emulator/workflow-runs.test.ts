/** Emulator: runs of stored workflows (POST /api/v1/workflows/{id}/run). */
import { detailText, form } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, useEmulator } from './test-support/fixtures';
import type { JobResponse as JobBody } from './jobs/job-view';
import { jobCalls } from './test-support/job-support';

const h = useEmulator();
const { waitForStatus, jobEvents } = jobCalls(h);

describe('workflow runs', () => {
	const DEFAULT_WORKFLOW = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

	it('runs the default workflow: 202, SCHEDULED, then COMPLETED with outputs', async () => {
		const run = await h.client.api<JobBody>(`/api/v1/workflows/${DEFAULT_WORKFLOW}/run`, { form: form({}, [TEXT_FILE]) });
		expect(run.status).toBe(202);
		expect(run.body).toMatchObject({ status: 'SCHEDULED', job_type: 'persistent', workflow_id: DEFAULT_WORKFLOW, workflow_name: 'Sample workflow' });
		const job = await waitForStatus(run.body.id, ['COMPLETED']);
		expect(job.output_node_files).toHaveLength(1);
		const events = await jobEvents(job.id);
		expect(events.map((event) => event.workflow_id)).toEqual([DEFAULT_WORKFLOW, DEFAULT_WORKFLOW, DEFAULT_WORKFLOW]);
	});

	it('answers 404 naming an unknown workflow', async () => {
		const run = await h.client.api('/api/v1/workflows/wf-missing/run', { form: form({}, [TEXT_FILE]) });
		expect(run.status).toBe(404);
		expect(detailText(run.body)).toContain('wf-missing');
	});

	it('runs a workflow created through the control endpoint with its own nodes', async () => {
		const nodes = [...PARTITION_ONLY, { name: 'Tables', type: 'prompter', subtype: 'twopass_table2html' }];
		const created = await h.client.control<{ id: string; name: string }>('/workflows', 'POST', { name: 'Tables flow', job_nodes: nodes });
		expect(created.body.name).toBe('Tables flow');
		const run = await h.client.api<JobBody>(`/api/v1/workflows/${created.body.id}/run`, { form: form({}, [TEXT_FILE, TEXT_FILE]) });
		expect(run.status).toBe(202);
		const job = await waitForStatus(run.body.id, ['COMPLETED']);
		expect(job.output_node_files).toHaveLength(4);
		const invalid = await h.client.control('/workflows', 'POST', { job_nodes: [{ type: 'prompter', subtype: 'twopass_table2html' }] });
		expect(invalid.status).toBe(422);
	});

	it('is not held back by the running-jobs cap', async () => {
		await h.client.control('/config', 'POST', { max_running_jobs: 1, job_duration_ms: 2000 });
		const runs = await Promise.all([0, 1, 2].map(() => h.client.api<JobBody>(`/api/v1/workflows/${DEFAULT_WORKFLOW}/run`, { form: form({}, [TEXT_FILE]) })));
		await Promise.all(runs.map((run) => waitForStatus(run.body.id, ['IN_PROGRESS'])));
	});
});
