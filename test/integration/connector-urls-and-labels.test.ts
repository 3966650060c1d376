/**
 * The connector forms (issue 46): a URL field is checked by its documented scheme before
 * any request, the error naming the field by its label and the item; a 422 the service answers
 * for a config key comes back with the form's name for that key.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const twoItems = { items: [{ json: { url: 's3://invoices/in/' } }, { json: { url: 'invoices/in/' } }] };

/** A public bucket's source (Anonymous: no AWS keys needed). */
const s3Source = (extra: INodeParameters = {}, options: Record<string, unknown> = {}): INodeParameters => ({
	resource: 'source',
	operation: 'create',
	sourceName: 'Invoices',
	connectorTypeId: 's3',
	cfg_s3_remote_url: 's3://invoices/in/',
	cfg_s3_options: { anonymous: true, ...options },
	...extra,
});
const s3Json = (connectorConfigJson: string): INodeParameters => ({ resource: 'source', operation: 'create', sourceName: 'Invoices', connectorTypeId: 's3', configInput: 'json', connectorConfigJson });

describe('Connector forms: URL fields checked by scheme before sending', () => {
	it('refuses an S3 Remote URL without s3://, naming the label and the item, before any request', async () => {
		const error = await caught(bed.run(s3Source({ cfg_s3_remote_url: '={{ $json.url }}' }), twoItems));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Remote URL must start with s3://');
		expect(error.description).toBe('Write the whole address with its scheme, as the service documents for this type (e.g. s3://my-bucket/my-folder/).');
		expect((error as NodeOperationError).context.itemIndex).toBe(1);
		// Item 0 was sent; item 1 sent nothing, not even a secret.
		const sent = (await bed.requests()).map((r) => `${r.method} ${r.path} ${JSON.stringify((r.json as { config?: unknown } | undefined)?.config)}`);
		expect(sent).toEqual(['POST /api/v1/sources {"remote_url":"s3://invoices/in/","anonymous":true,"recursive":true}']);
	});

	it('names an optional field as Options › label, and a JSON key with its label', async () => {
		const option = await caught(bed.run(s3Source({}, { endpoint_url: 'minio.internal:9000' })));
		expect(option.message).toBe('Options › Endpoint URL must start with https:// or http://');
		const json = await caught(bed.run(s3Json('{"remote_url": "https://invoices.s3.amazonaws.com/", "anonymous": true}')));
		expect(json.message).toBe('Config (JSON) key "remote_url" (Remote URL) must start with s3://');
		expect(await bed.requests()).toEqual([]);
	});

	it('checks destinations too (Azure with abfs:// passes, a list of hosts entry by entry), and marks only the bad item with Continue', async () => {
		const azure: INodeParameters = {
			resource: 'destination',
			operation: 'create',
			destinationName: 'Out',
			connectorTypeId: 'azure',
			cfg_azure_remote_url: '={{ $json.url }}',
		};
		const result = await bed.run(azure, { continueOnFail: true, items: [{ json: { url: 'abfs://container/out/' } }, { json: { url: 's3://container/out/' } }] });
		expect(result.output[0][0].json).toMatchObject({ type: 'azure' });
		expect(result.output[0][1].json.error).toBe('Remote URL must start with az:// or abfs://');
		expect(result.output[0][1].pairedItem).toEqual({ item: 1 });
		const posted = (await bed.requests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/destinations');
		expect(posted).toHaveLength(1);
		const elastic = await caught(
			bed.run(
				{ resource: 'destination', operation: 'create', destinationName: 'Es', connectorTypeId: 'elasticsearch', cfg_elasticsearch_hosts: 'https://a.example:9200, b.example:9200', cfg_elasticsearch_index_name: 'docs' },
				{ credentials: { ...bed.credentials, documentProcessingConnectorSecretsApi: { pairs: { values: [{ name: 'es_api_key', value: 'key-1' }] } } } },
			),
		);
		expect(elastic.message).toBe('Hosts must start with https:// or http://');
	});
});

describe('Connector forms: a service 422 told with the form’s names', () => {
	const remoteUrl422 = { type: 'value_error', loc: ['body', 'config', 'remote_url'], msg: 'Value error, the bucket does not exist' };

	it('maps config.remote_url back to Remote URL, keeping the service’s words in the details', async () => {
		await bed.fault({ method: 'POST', path: '/api/v1/sources', status: 422, detail: [remoteUrl422] });
		const error = await caught(bed.run(s3Source(), { items: [{ json: {} }, { json: {} }] }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('422');
		expect(error.message).toBe('The service could not accept the input: Remote URL: Value error, the bucket does not exist');
		expect(error.message).not.toContain('config.');
		expect(error.description).toMatch(/^Correct Remote URL and run the node again\./);
		expect((error as NodeApiError).context.itemIndex).toBe(0);
		expect(JSON.stringify((error as NodeApiError).errorResponse)).toContain('body.config.remote_url');
	});

	it('names a JSON key with its label; an unknown reference answered by the emulator itself', async () => {
		const missing = { id: 'no-such-secret', type: 'rsa_aes' };
		const json = await caught(bed.run(s3Json(JSON.stringify({ remote_url: 's3://b/', anonymous: true, secret: missing }))));
		expect(json.message).toBe('The service could not accept the input: Config (JSON) key "secret" (AWS Secret Access Key): secret no-such-secret not found');
		expect(errorText(json)).toContain('Correct Config (JSON) key "secret" (AWS Secret Access Key)');
	});

	it('leaves Update’s 422 in the form’s words too, and Other Type’s in the words of the type it names', async () => {
		const created = (await bed.run(s3Source())).output[0][0].json;
		await bed.fault({ method: 'PUT', path: '/api/v1/sources/', status: 422, detail: [remoteUrl422] });
		const sourceId = { __rl: true as const, mode: 'id', value: String(created.id) };
		const update = await caught(bed.run({ resource: 'source', operation: 'update', sourceId, connectorTypeId: 's3', cfg_s3_remote_url: 's3://b/', cfg_s3_options: { anonymous: true } }));
		expect(update.message).toBe('The service could not accept the input: Remote URL: Value error, the bucket does not exist');
		const other = await caught(bed.run({ resource: 'source', operation: 'create', sourceName: 'x', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '{"remote_url": "bucket/"}' }));
		expect(other.message).toBe('The service could not accept the input: Remote URL: Value error, must start with s3://');
	});
});
