/** Source and destination connectors in the emulator: get, list, update (PUT), delete, connection checks. */
import { useEmulator, type ConnectorBody as Connector } from './test-support/fixtures';


interface Check {
	id: string;
	status: string;
	created_at: string;
	reason: string | null;
	reported_at: string | null;
}

const h = useEmulator();

async function create(collection: 'sources' | 'destinations', type: string, config: Record<string, unknown>, name = `${type} one`): Promise<Connector> {
	const response = await h.client.api<Connector>(`/api/v1/${collection}/`, { json: { name, type, config } });
	expect(response.status).toBe(200);
	return response.body;
}

describe.each(['sources', 'destinations'] as const)('/api/v1/%s', (collection) => {
	it('gets, lists (with the type filter), replaces the config with PUT and deletes', async () => {
		const s3 = await create(collection, 's3', { remote_url: 's3://bucket/in/', secret: 'plain' });
		await create(collection, 'mongodb', { uri: 'mongodb://db', database: 'd', collection: 'c' });
		expect((await h.client.api<Connector>(`/api/v1/${collection}/${s3.id}`)).body).toEqual(s3);
		// Documented defaults fill what was left out, as the client's model does.
		const defaults = collection === 'sources' ? { anonymous: false, recursive: true } : { anonymous: false };
		expect(s3.config).toEqual({ remote_url: 's3://bucket/in/', secret: '**********', ...defaults });

		const typeQuery = collection === 'sources' ? 'source_type' : 'destination_type';
		const all = await h.client.api<Connector[]>(`/api/v1/${collection}/`);
		expect(all.body.map((c) => c.type).sort()).toEqual(['mongodb', 's3']);
		const onlyS3 = await h.client.api<Connector[]>(`/api/v1/${collection}/?${typeQuery}=s3`);
		expect(onlyS3.body.map((c) => c.id)).toEqual([s3.id]);

		const put = await h.client.api<Connector>(`/api/v1/${collection}/${s3.id}`, { method: 'PUT', json: { config: { remote_url: 's3://bucket/out/' } } });
		expect(put.status).toBe(200);
		// The whole config is replaced: the old secret is gone; name and type stay.
		expect(put.body).toMatchObject({ id: s3.id, name: s3.name, type: 's3', config: { remote_url: 's3://bucket/out/' } });
		expect(put.body.config).toEqual({ remote_url: 's3://bucket/out/', ...defaults });

		const deleted = await h.client.api<{ detail: string }>(`/api/v1/${collection}/${s3.id}`, { method: 'DELETE' });
		expect(deleted.status).toBe(200);
		expect(deleted.body.detail).toContain(s3.id);
		expect((await h.client.api(`/api/v1/${collection}/${s3.id}`)).status).toBe(404);
		expect((await h.client.api(`/api/v1/${collection}/${s3.id}`, { method: 'DELETE' })).status).toBe(404);
		expect((await h.client.control<Record<string, number>>('/state')).body[collection]).toBe(1);
	});

	it('refuses a PUT without config, and checks a config against the type’s documented model like create does', async () => {
		const s3 = await create(collection, 's3', { remote_url: 's3://b/' });
		expect((await h.client.api(`/api/v1/${collection}/${s3.id}`, { method: 'PUT', json: { name: 'x' } })).status).toBe(422);
		const missing = await h.client.api<{ detail: Array<{ loc: string[]; type: string }> }>(`/api/v1/${collection}/${s3.id}`, { method: 'PUT', json: { config: { anonymous: 'no' } } });
		expect(missing.status).toBe(422);
		expect(missing.body.detail.map((issue) => `${issue.loc.join('.')} ${issue.type}`)).toEqual(['body.config.remote_url missing', 'body.config.anonymous bool_type']);
	});

	it('starts a connection check (202, SCHEDULED) that settles to the configured outcome', async () => {
		const connector = await create(collection, 's3', { remote_url: 's3://b/' });
		expect((await h.client.api(`/api/v1/${collection}/${connector.id}/connection-check`)).status).toBe(404);
		h.emulator.setConfig({ connection_check_delay_ms: 100, connection_check_outcome: 'FAILURE' });
		const started = await h.client.api<Check>(`/api/v1/${collection}/${connector.id}/connection-check`, { method: 'POST' });
		expect(started.status).toBe(202);
		expect(started.body).toEqual({ id: expect.any(String), status: 'SCHEDULED', created_at: expect.any(String), reason: null, reported_at: null });
		const settled = await h.client.waitFor(
			async () => (await h.client.api<Check>(`/api/v1/${collection}/${connector.id}/connection-check`)).body,
			(check) => check.status !== 'SCHEDULED',
		);
		expect(settled).toMatchObject({ id: started.body.id, status: 'FAILURE', reason: expect.stringContaining('access denied'), reported_at: expect.any(String) });

		h.emulator.setConfig({ connection_check_start_reply: 'empty', connection_check_delay_ms: 0, connection_check_outcome: 'SUCCESS' });
		const empty = await h.client.api(`/api/v1/${collection}/${connector.id}/connection-check`, { method: 'POST' });
		expect(empty).toMatchObject({ status: 202, text: '' });
		expect((await h.client.api<Check>(`/api/v1/${collection}/${connector.id}/connection-check`)).body).toMatchObject({ status: 'SUCCESS', reason: null });
		expect((await h.client.api(`/api/v1/${collection}/not-there/connection-check`, { method: 'POST' })).status).toBe(404);
	});

	it('answers a delete with 204 when so configured', async () => {
		h.emulator.setConfig({ connector_delete_reply: 'no_content' });
		const connector = await create(collection, 's3', { remote_url: 's3://b/' });
		expect(await h.client.api(`/api/v1/${collection}/${connector.id}`, { method: 'DELETE' })).toMatchObject({ status: 204, text: '' });
	});
});
