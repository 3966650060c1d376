/** The job operations the other flows do not use, one step each: Create Job → Wait for Job → Download Output → Get Notification Event. */
import { nodeOutputJson } from '../n8n';
import type { FlowsContext } from './flow-context';
import { JOB_FILES } from './flow-files';

export function jobStepsFlow(flows: FlowsContext): void {
	const { execute, requests } = flows;
	it('Create Job → Wait for Job → Download Output → Get Notification Event, with a structured-extraction step', async () => {
		const run = await execute('job-steps-and-event.json');

		const [launched] = nodeOutputJson(run.data, 'Create Job');
		expect(launched).toMatchObject({ status: 'SCHEDULED', input_files: [expect.anything(), expect.anything()] });
		expect(Object.keys(launched.input_file_map as object).sort()).toEqual(Object.keys(JOB_FILES).sort());
		const jobId = String(launched.id);

		expect(nodeOutputJson(run.data, 'Wait for Job')).toEqual([expect.objectContaining({ id: jobId, status: 'COMPLETED', succeeded: true })]);

		const files = nodeOutputJson(run.data, 'Download Output');
		// The last node's file is the extracted object alone (extracted_data_only), read from the invoice's labelled lines.
		// It carries no file name, so the file id leads back to the invoice through Create Job's input_file_map.
		const nameOf = new Map(Object.entries(launched.input_file_map as Record<string, string>).map(([name, id]) => [id, name]));
		expect(files.map((f) => nameOf.get(String(f.file_id))).sort()).toEqual(Object.keys(JOB_FILES).sort());
		for (const file of files) {
			const invoice = JOB_FILES[nameOf.get(String(file.file_id)) as keyof typeof JOB_FILES];
			const [, customer, total] = /Customer: (.+)\n\nTotal due: (\d+)/.exec(invoice) ?? [];
			expect(file).toEqual({ job_id: jobId, file_id: file.file_id, node_id: expect.any(String), extracted_data: { customer, total: Number(total), paid: null } });
		}

		const [event] = nodeOutputJson(run.data, 'Get Notification Event');
		expect(event).toMatchObject({ event_type: 'job.completed', payload: { job_id: jobId, status: 'COMPLETED' }, workflow_id: null });

		// The pipeline the builder produced reached the service as job_nodes, partition first.
		const [create] = (await requests()).filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/jobs'));
		const requestData = JSON.parse(String(create.fields.request_data)) as { job_nodes: Array<Record<string, unknown>> };
		expect(requestData.job_nodes).toEqual([
			expect.objectContaining({ type: 'partition', subtype: 'vlm' }),
			expect.objectContaining({
				name: 'Invoice fields',
				type: 'structured_data_extractor',
				subtype: 'llm',
				// Defined by its JSON Schema: only the schema is sent.
				settings: {
					schema_to_extract: { json_schema: expect.stringContaining('"customer"') },
					provider: 'anthropic',
					model: 'claude-e2e',
					output_mode: 'extracted_data_only',
				},
			}),
		]);
		const getEvent = (await requests()).filter((r) => r.path === `/api/v1/notifications/${String(event.id)}`);
		expect(getEvent.map((r) => r.status)).toEqual([200]);
	}, 5 * 60_000);
}
