import { detailText } from './test-support/client';
import { PARTITION_ONLY, TEXT_FILE, useEmulator } from './test-support/fixtures';
import { jobCalls, type ElementBody, type EventBody } from './test-support/job-support';

const h = useEmulator();
const { createJob, waitForStatus, jobEvents } = jobCalls(h);

describe('on-demand job creation', () => {
	it('answers with a SCHEDULED ephemeral job that has one input file id per file', async () => {
		const second = { name: 'b.md', type: 'text/markdown', content: '# B\n\nText.' };
		const response = await createJob([TEXT_FILE, second]);
		expect(response.status).toBe(200);
		const job = response.body;
		expect(job).toMatchObject({ status: 'SCHEDULED', job_type: 'ephemeral', runtime: 'PT0S' });
		expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(job.workflow_id).toMatch(/^[0-9a-f-]{36}$/);
		expect(job.workflow_name).toBe(`job-${job.id.slice(0, 8)}`);
		expect(Number.isNaN(Date.parse(job.created_at))).toBe(false);
		expect(job.input_file_ids).toHaveLength(2);
		expect(new Set(job.input_file_ids).size).toBe(2);
		expect(job.output_node_files).toBeUndefined();
	});

	it('gives every on-demand job its own workflow id', async () => {
		const a = await createJob();
		const b = await createJob();
		expect(a.body.workflow_id).not.toBe(b.body.workflow_id);
	});

	it('moves SCHEDULED → IN_PROGRESS → COMPLETED and records one event per change', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 30, job_duration_ms: 400 });
		const { body: created } = await createJob();
		const running = await waitForStatus(created.id, ['IN_PROGRESS']);
		expect(running.output_node_files).toBeUndefined();
		const done = await waitForStatus(created.id, ['COMPLETED']);
		expect(done.runtime).toMatch(/^PT\d+(\.\d)?S$/);
		expect(Number(done.runtime.slice(2, -1))).toBeGreaterThanOrEqual(0.1);
		const events = await jobEvents(created.id);
		expect(events.map((event) => [event.event_type, event.payload.status])).toEqual([
			['job.scheduled', 'SCHEDULED'],
			['job.in_progress', 'IN_PROGRESS'],
			['job.completed', 'COMPLETED'],
		]);
		for (const event of events) {
			expect(event).toMatchObject({ workflow_id: null, is_read: false, payload: { workflow_id: created.workflow_id } });
			const read = await h.client.api<EventBody>(`/api/v1/notifications/${event.id}`);
			expect(read.status).toBe(200);
			expect(read.body).toEqual(event);
		}
	});

	it('answers 404 naming the id for unknown jobs and notifications', async () => {
		const job = await h.client.api('/api/v1/jobs/4e4f0a4e-0000-4000-8000-000000000000');
		expect(job.status).toBe(404);
		expect(detailText(job.body)).toContain('4e4f0a4e-0000-4000-8000-000000000000');
		const event = await h.client.api('/api/v1/notifications/evt-123');
		expect(event.status).toBe(404);
		expect(detailText(event.body)).toContain('evt-123');
	});
});

describe('outputs and download', () => {
	const pipeline = [
		...PARTITION_ONLY,
		{ name: 'NER', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'provider', model: 'm' } },
	];

	it('lists one output per (node, input file) whose file_id is the input file id', async () => {
		const { body: created } = await createJob([TEXT_FILE, { ...TEXT_FILE, name: 'other.txt' }], pipeline);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const outputs = job.output_node_files ?? [];
		expect(outputs).toHaveLength(4);
		const nodeIds = [...new Set(outputs.map((output) => output.node_id))];
		expect(nodeIds).toHaveLength(2);
		for (const nodeId of nodeIds) {
			expect(outputs.filter((output) => output.node_id === nodeId).map((output) => output.file_id)).toEqual(job.input_file_ids);
		}
	});

	it("downloads the last node's output by default and a given node's output with node_id", async () => {
		const { body: created } = await createJob([TEXT_FILE], pipeline);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const fileId = job.input_file_ids[0] ?? '';
		const [partitionNode, nerNode] = [...new Set((job.output_node_files ?? []).map((output) => output.node_id))];
		const last = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}`);
		expect(last.status).toBe(200);
		expect(last.body.map((element) => element.text)).toEqual(['Quarterly Summary', 'Revenue grew in every region this quarter.']);
		expect(last.body[0]?.metadata.entities).toBeDefined();
		const explicitLast = await h.client.api(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${nerNode ?? ''}`);
		expect(explicitLast.body).toEqual(last.body);
		const first = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${partitionNode ?? ''}`);
		expect(first.body[0]?.metadata.entities).toBeUndefined();
		expect(first.body[0]?.metadata).toMatchObject({ filename: 'notes.txt', filetype: 'text/plain', page_number: 1, languages: ['eng'] });
	});

	it('refuses downloads before COMPLETED (409) and for unknown files, nodes or missing file_id', async () => {
		await h.client.control('/config', 'POST', { schedule_delay_ms: 5000 });
		const { body: created } = await createJob();
		const early = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=${created.input_file_ids[0] ?? ''}`);
		expect(early.status).toBe(409);
		expect(detailText(early.body)).toContain('SCHEDULED');
		await h.client.control(`/jobs/${created.id}/finish`, 'POST', { status: 'COMPLETED' });
		const unknownFile = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=nope-1`);
		expect(unknownFile.status).toBe(404);
		expect(detailText(unknownFile.body)).toContain('nope-1');
		const unknownNode = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=${created.input_file_ids[0] ?? ''}&node_id=node-x`);
		expect(unknownNode.status).toBe(404);
		expect(detailText(unknownNode.body)).toContain('node-x');
		expect((await h.client.api(`/api/v1/jobs/${created.id}/download`)).status).toBe(422);
	});

	it('fills every node kind deterministically', async () => {
		const html =
			'<h1>Invoice Report</h1><p>Alice Smith paid Acme Corporation in Berlin.</p>' +
			'<table><tr><th>Item</th><th>Price</th></tr><tr><td>Widget</td><td>10</td></tr></table><img src="logo.png" alt="Company logo">';
		const schema = { type: 'object', properties: { customer: { type: 'string' }, total: { type: 'number' }, paid: { type: 'boolean' }, items: { type: 'array', items: { type: 'string' } }, currency: { enum: ['EUR', 'USD'] } } };
		const nodes = [
			{ name: 'Partition', type: 'partition', subtype: 'service_api', settings: { strategy: 'hi_res', extract_image_block_types: ['image', 'table'] } },
			{ name: 'Extract', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: JSON.stringify(schema) }, provider: 'p', model: 'm', output_mode: 'extracted_data_only' } },
			{ name: 'OCR', type: 'prompter', subtype: 'provider_ocr', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'Images', type: 'prompter', subtype: 'provider_image_description', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'Tables', type: 'prompter', subtype: 'twopass_table2html' },
			{ name: 'TableText', type: 'prompter', subtype: 'provider_table_description', settings: { provider_type: 'p', model: 'm' } },
			{ name: 'NER', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'p', model: 'm' } },
		];
		const { body: created } = await createJob([{ name: 'invoice.html', type: 'text/html', content: html }], nodes);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const fileId = job.input_file_ids[0] ?? '';
		const nodeIds = [...new Set((job.output_node_files ?? []).map((output) => output.node_id))];
		expect(nodeIds).toHaveLength(7);
		const outputOf = async (index: number): Promise<ElementBody[]> =>
			(await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${fileId}&node_id=${nodeIds[index] ?? ''}`)).body;

		const partitioned = await outputOf(0);
		expect(partitioned.map((element) => element.type)).toEqual(['Title', 'NarrativeText', 'Table', 'Image']);
		expect(partitioned[2]?.metadata.image_base64).toEqual(expect.any(String));
		// extracted_data_only: the file is the extracted object alone; nothing in this page is labelled with the schema's fields.
		expect(await outputOf(1)).toEqual({ customer: null, total: null, paid: null, items: [], currency: null });
		expect((await outputOf(2)).map((element) => element.text)).toEqual(partitioned.map((element) => element.text));
		const described = await outputOf(3);
		expect(described[3]?.metadata.image_description).toContain('Company logo');
		expect(described[0]?.metadata.image_description).toBeUndefined();
		const tables = await outputOf(4);
		expect(tables[2]?.metadata.text_as_html).toBe('<table><tr><td>Item</td><td>Price</td></tr><tr><td>Widget</td><td>10</td></tr></table>');
		const tableText = await outputOf(5);
		expect(tableText[2]?.metadata.table_description).toContain('Widget');
		const entities = await outputOf(6);
		expect(entities[1]?.metadata.entities).toEqual({
			items: [
				{ entity: 'Alice Smith', type: 'PROPER_NOUN' },
				{ entity: 'Acme Corporation', type: 'PROPER_NOUN' },
				{ entity: 'Berlin', type: 'PROPER_NOUN' },
			],
			relationships: [],
		});
		// The last node's output carries what every earlier prompter added; the extractor's data stayed in its own file.
		expect(entities[3]?.metadata.image_description).toBeDefined();
		expect(entities[2]?.metadata.table_description).toBeDefined();
		expect(entities.some((element) => element.metadata.extracted_data !== undefined)).toBe(false);
	});

	it('accepts json_schema as an object (SDK form) as well as a JSON string', async () => {
		const nodes = [...PARTITION_ONLY, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: { type: 'object', properties: { name: { type: 'string' } } } } } }];
		const { body: created, status } = await createJob([TEXT_FILE], nodes);
		expect(status).toBe(200);
		const job = await waitForStatus(created.id, ['COMPLETED']);
		const output = await h.client.api<ElementBody[]>(`/api/v1/jobs/${job.id}/download?file_id=${job.input_file_ids[0] ?? ''}`);
		// No output_mode: the service's default, elements led by a DocumentData element carrying the data.
		expect(output.body.map((element) => element.type)).toEqual(['DocumentData', 'Title', 'NarrativeText']);
		expect(output.body[0]?.metadata.extracted_data).toEqual({ name: 'Quarterly Summary' });
	});

	it('ends FAILED, without outputs, when an input file cannot be partitioned', async () => {
		const { body: created } = await createJob([{ name: 'archive.zip', type: 'application/zip', content: 'PK\u0003\u0004rest' }]);
		const job = await waitForStatus(created.id, ['COMPLETED', 'FAILED']);
		expect(job.status).toBe('FAILED');
		expect(job.output_node_files).toBeUndefined();
		const details = await h.client.control<{ failure: string }>(`/jobs/${job.id}`);
		expect(details.body.failure).toContain('archive.zip');
		expect((await jobEvents(job.id)).map((event) => event.event_type)).toEqual(['job.scheduled', 'job.in_progress', 'job.failed']);
	});
});
