import { X509Certificate, createPublicKey } from 'node:crypto';
import { PARTITION_ONLY, TEXT_FILE, useEmulator } from './test-support/fixtures';
import { jobCalls } from './test-support/job-support';

/** The documented service behaviours behind a setting each (docs/emulator.md). */
const h = useEmulator();
const { createJob, waitForStatus } = jobCalls(h);
const config = async (patch: object) => expect((await h.client.control('/config', 'POST', patch)).status).toBe(200);
const BROKEN = { name: 'broken-scan.pdf', type: 'text/plain', content: 'unreadable' };
const EXTRACT = [
	...PARTITION_ONLY,
	{ name: 'E', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { extraction_guidance: 'title' }, output_mode: 'extracted_data_only' } },
];

describe('a file that fails inside a job that completes', () => {
	it('lists no output for it, and details and failed-files name it', async () => {
		await config({ failing_file_pattern: 'broken' });
		const { body: created } = await createJob([TEXT_FILE, BROKEN]);
		const done = await waitForStatus(created.id, ['COMPLETED']);
		const [good, bad] = done.input_file_ids;
		expect(done.output_node_files).toEqual([{ node_id: expect.any(String), file_id: good, node_type: 'partition', node_subtype: 'vlm' }]);
		const details = await h.client.api<{ processing_status: string; node_stats: object[] }>(`/api/v1/jobs/${created.id}/details`);
		expect(details.body).toMatchObject({ id: created.id, processing_status: 'COMPLETED_WITH_ERRORS', node_stats: [{ success: 1, failure: 1, node_type: 'partition' }] });
		const failed = await h.client.api(`/api/v1/jobs/${created.id}/failed-files`);
		expect(failed.body).toEqual({ failed_files: [{ document: 'broken-scan.pdf', error: expect.stringMatching(/^Partitioning failed: broken-scan.pdf/) }] });
		const download = await h.client.api(`/api/v1/jobs/${created.id}/download?file_id=${bad}`);
		expect(download.status).toBe(404);
		await config({ failed_file_document: 'id' });
		expect((await h.client.api(`/api/v1/jobs/${created.id}/failed-files`)).body).toEqual({ failed_files: [{ document: bad, error: expect.any(String) }] });
	});

	it('a job whose every file failed ends as all_files_failed_outcome says', async () => {
		await config({ failing_file_pattern: 'broken', all_files_failed_outcome: 'FAILED' });
		const { body: created } = await createJob([BROKEN]);
		expect((await waitForStatus(created.id, ['COMPLETED', 'FAILED'])).status).toBe('FAILED');
		expect((await h.client.api(`/api/v1/jobs/${created.id}/details`)).body).toMatchObject({ processing_status: 'FAILED' });
	});

	it('a job without failures reads SUCCESS with an empty failed-files list', async () => {
		const { body: created } = await createJob();
		await waitForStatus(created.id, ['COMPLETED']);
		expect((await h.client.api(`/api/v1/jobs/${created.id}/details`)).body).toMatchObject({ processing_status: 'SUCCESS', message: null });
		expect((await h.client.api(`/api/v1/jobs/${created.id}/failed-files`)).body).toEqual({ failed_files: [] });
	});
});

it('lists output files last node first with output_files_order reversed', async () => {
	await config({ output_files_order: 'reversed' });
	const { body: created } = await createJob([TEXT_FILE], EXTRACT);
	const done = await waitForStatus(created.id, ['COMPLETED']);
	expect(done.output_node_files?.map((file) => file.node_type)).toEqual(['structured_data_extractor', 'partition']);
});

it('answers validation refusals as {errors: [{field, message}]} with error_body errors', async () => {
	await config({ error_body: 'errors' });
	const answer = await h.client.api('/api/v1/notifications/channels', { json: { channel_type: 'webhook', url: 'ftp://x', event_types: ['job.completed'] } });
	expect(answer.status).toBe(422);
	expect(answer.body).toEqual({ errors: [{ field: 'url', message: 'must be an absolute http(s) URL, got "ftp://x"' }] });
});

describe('the public key', () => {
	it.each([
		['not_found', 404],
		['method_not_allowed', 405],
	])('POST /users/retrieve answers %s as %i; the certificate carries the same key', async (reply, status) => {
		const pem = ((await h.client.api<{ pem_key: string }>('/api/v1/users/retrieve', { method: 'POST' })).body).pem_key;
		await config({ retrieve_key_reply: reply });
		expect((await h.client.api('/api/v1/users/retrieve', { method: 'POST' })).status).toBe(status);
		const { body } = await h.client.api<{ encryption_certificate: string; ca_chain: string }>('/api/v1/users/secrets/encryption-certificate');
		const certificate = new X509Certificate(body.encryption_certificate);
		expect(certificate.publicKey.equals(createPublicKey(pem))).toBe(true);
		expect(certificate.verify(new X509Certificate(body.ca_chain).publicKey)).toBe(true);
	});
});

describe('webhook channel rules', () => {
	const create = (url: string, secret?: string) =>
		h.client.api('/api/v1/notifications/channels', { json: { channel_type: 'webhook', url, event_types: ['job.completed'], ...(secret ? { secret } : {}) } });
	it('documented: https only and a secret of 24–75 characters', async () => {
		await config({ channel_rules: 'documented' });
		expect((await create('http://127.0.0.1:9/h')).status).toBe(422);
		expect((await create('https://example.com/h', 'x'.repeat(23))).status).toBe(422);
		expect((await create('https://example.com/h', 'x'.repeat(76))).status).toBe(422);
		expect((await create('https://example.com/h', 'x'.repeat(24))).status).toBe(200);
	});
	it('lenient (the default): http accepted, for deliveries to loopback in tests', async () => {
		expect((await create('http://127.0.0.1:9/h')).status).toBe(200);
	});
});
