/** Integration tests of the operations sources and destinations share: Get, Get Many, Delete, Check Connection. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, secretTestBed } from './support/secrets';

const bed = secretTestBed();

const KINDS = [
	{ resource: 'source', collection: 'sources', idParameter: 'sourceId', label: 'Source connector' },
	{ resource: 'destination', collection: 'destinations', idParameter: 'destinationId', label: 'Destination connector' },
] as const;

describe.each(KINDS)('$resource connectors', ({ resource, collection, idParameter, label }) => {
	const base = `/api/v1/${collection}`;
	const run = async (operation: string, extra: INodeParameters = {}, options: { items?: Array<{ json: IDataObject }>; continueOnFail?: boolean } = {}) =>
		await bed.run({ resource, operation, ...extra }, options);

	async function connector(type: string, name = `${type} connector`): Promise<IDataObject> {
		const created = await bed.client.api<IDataObject>(`${base}/`, { json: { name, type, config: { remote_url: 's3://bucket/', password: 'pw' } } });
		expect(created.status).toBe(200);
		return created.body;
	}

	it('Get returns the connector with its secrets masked', async () => {
		const made = await connector('s3');
		const result = await run('get', { [idParameter]: made.id as string });
		// The record as the service sent it, with the type's name and its config under the form's labels.
		expect(result.output[0][0]).toEqual({ json: { ...made, type_name: 'Amazon S3', fields: expect.objectContaining({ 'Remote URL': 's3://bucket/' }) }, pairedItem: { item: 0 } });
		expect(result.output[0][0].json.config).toMatchObject({ remote_url: 's3://bucket/', password: '**********' });
		const sent = (await bed.requests()).filter((r) => r.method === 'GET');
		expect(sent).toEqual([expect.objectContaining({ path: `${base}/${String(made.id)}` })]);
	});

	it('Get Many lists all, one type (sent as the type query), or up to the limit', async () => {
		const s3 = await connector('s3');
		await connector('redis');
		await connector('redis', 'second');
		const all = await run('getAll', { returnAll: true });
		expect(all.output[0]).toHaveLength(3);
		const typed = await run('getAll', { returnAll: true, filters: { type: 's3' } });
		expect(typed.output[0].map((item) => item.json.id)).toEqual([s3.id]);
		const lists = (await bed.requests()).filter((r) => r.method === 'GET');
		expect(lists.map((r) => r.query)).toEqual([{}, { [`${resource}_type`]: 's3' }]);
		expect((await run('getAll', { returnAll: false, limit: 2 })).output[0]).toHaveLength(2);
	});

	it('Delete outputs {id, deleted} for a 200 with a message and for a 204, and names an unknown id', async () => {
		const first = await connector('s3');
		expect((await run('delete', { [idParameter]: first.id as string })).output[0][0].json).toEqual({ id: first.id, deleted: true });
		bed.emulator.setConfig({ connector_delete_reply: 'no_content' });
		const second = await connector('s3');
		expect((await run('delete', { [idParameter]: second.id as string })).output[0][0].json).toEqual({ id: second.id, deleted: true });
		expect(bed.emulator.store[collection].size).toBe(0);
		const missing = await caught(run('delete', { [idParameter]: second.id as string }));
		expect(missing).toBeInstanceOf(NodeApiError);
		expect(missing.message).toContain(`${label} "${String(second.id)}" was not found`);
	});

	it('Check Connection returns the started check, or waits for SUCCESS', async () => {
		const made = await connector('s3');
		bed.emulator.setConfig({ connection_check_delay_ms: 1500 });
		const started = await run('checkConnection', { [idParameter]: made.id as string });
		expect(started.output[0][0].json).toMatchObject({ status: 'SCHEDULED', [`${resource}_id`]: made.id });
		const waited = await run('checkConnection', { [idParameter]: made.id as string, waitForResult: true });
		expect(waited.output[0][0].json).toMatchObject({ status: 'SUCCESS', reason: null, reported_at: expect.any(String), [`${resource}_id`]: made.id });
		const paths = (await bed.requests()).map((r) => `${r.method} ${r.path}`);
		expect(paths.filter((p) => p === `POST ${base}/${String(made.id)}/connection-check`)).toHaveLength(2);
		expect(paths.filter((p) => p === `GET ${base}/${String(made.id)}/connection-check`).length).toBeGreaterThanOrEqual(1);
	});

	it('Check Connection outputs a FAILURE with its reason, or fails on it when asked to', async () => {
		const made = await connector('s3');
		bed.emulator.setConfig({ connection_check_outcome: 'FAILURE', connection_check_delay_ms: 0, connection_check_start_reply: 'empty' });
		const failed = await run('checkConnection', { [idParameter]: made.id as string, waitForResult: true });
		// The empty start answer was read back.
		expect(failed.output[0][0].json).toMatchObject({ status: 'FAILURE', reason: expect.stringContaining('access denied') });
		const error = await caught(run('checkConnection', { [idParameter]: made.id as string, waitForResult: true, checkOptions: { failOnFailure: true } }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(new RegExp(`^The connection check of ${resource} connector "${String(made.id)}" failed: could not connect`));
	});

	it('Check Connection does not take an older check for the result of the one it started', async () => {
		const made = await connector('s3');
		bed.emulator.setConfig({ connection_check_delay_ms: 1200 });
		const older = { id: 'older-check', status: 'FAILURE', created_at: '2020-01-01T00:00:00.000Z', reason: 'old news', reported_at: '2020-01-01T00:00:01.000Z' };
		await bed.fault({ method: 'GET', path: `${base}/${String(made.id)}/connection-check`, times: 1, body: older });
		const waited = await run('checkConnection', { [idParameter]: made.id as string, waitForResult: true });
		expect(waited.output[0][0].json).toMatchObject({ status: 'SUCCESS', reason: null });
		expect((await bed.requests()).filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(2);
	});

	it('Check Connection gives up at the timeout with the last status', async () => {
		const made = await connector('s3');
		bed.emulator.setConfig({ connection_check_delay_ms: 60_000 });
		const error = await caught(run('checkConnection', { [idParameter]: made.id as string, waitForResult: true, checkOptions: { timeoutSeconds: 1.5 } }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/reported no result within 1\.5 seconds \(last status: SCHEDULED\)$/);
	});

	it('refuses an ID with a space before any request, and with Continue On Fail pairs the error item', async () => {
		const result = await run('get', { [idParameter]: '={{ $json.id }}' }, { items: [{ json: { id: 'not an id' } }], continueOnFail: true });
		expect(result.output[0][0]).toMatchObject({ json: { error: expect.stringMatching(/Connector "not an id" is not a valid ID$/) }, pairedItem: { item: 0 } });
		expect(await bed.requests()).toEqual([]);
	});
});
