/** Integration tests of the Workflow resource (Run, with and without waiting). */
import { failure } from './support/service';
import { markdownItem, useActionWorld } from './support/actionWorld';

const world = useActionWorld({ job_duration_ms: 300, schedule_delay_ms: 20 });
const { run } = world;
const fileItem = markdownItem;

describe('Run Workflow', () => {
	const workflowId = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

	it('starts the stored workflow with the item’s files and returns the SCHEDULED job', async () => {
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: workflowId } }, [fileItem('w.md')]);
		expect(result.output[0][0].json).toMatchObject({ status: 'SCHEDULED', workflow_id: workflowId, input_files: [{ file_name: 'w.md' }] });
		const [sent] = (await world.service.requests(`/api/v1/workflows/${workflowId}/run`));
		expect(sent.files).toEqual([expect.objectContaining({ field: 'input_files', filename: 'w.md' })]);
	});

	it('accepts a URL containing the id, waits and downloads', async () => {
		const url = `https://platform.docservice.example/app/workflows/${workflowId}/details`;
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'url', value: url }, afterRun: 'download' }, [fileItem('w.md')]);
		expect(result.output[0][0].json).toMatchObject({ type: 'Title', text: 'w.md' });
	});

	it('runs without files when asked', async () => {
		const result = await run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: workflowId }, inputSource: 'none' });
		expect(result.output[0][0].json.input_files).toEqual([]);
	});

	it('names an unknown workflow', async () => {
		const other = '11111111-2222-4333-8444-555555555555';
		const error = await failure(run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: other } }, [fileItem('w.md')]));
		expect(error.message).toMatch(new RegExp(`^Workflow "${other}" was not found`));
	});

	it('refuses a URL without an id before sending', async () => {
		const error = await failure(run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'url', value: 'https://x.example/app/workflows/' } }, [fileItem('w.md')]));
		// n8n itself refuses the locator before the node runs; an expression-fed value reaches the node’s own check.
		expect(error.message).toMatch(/not a workflow ID or a URL containing one|node has issues/);
		expect(await world.service.requests('/api/v1/workflows')).toHaveLength(0);
	});
});

describe('Run Workflow with an expression-fed id', () => {
	it('checks the id in the node before sending', async () => {
		const error = await failure(
			run({ resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: '={{ $json.wf }}' }, inputSource: 'none' }, [{ json: { wf: 'not-an-id' } }]),
		);
		expect(error.message).toBe('Workflow "not-an-id" is not a workflow ID or a URL containing one');
		expect(await world.service.requests('/api/v1/workflows')).toHaveLength(0);
	});
});
