/**
 * Sources and destinations created and updated from the form generated from the connector table,
 * checked locally first; secrets (from the connector credentials) reach the emulator only encrypted.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const MARKER = 'FORM-PLAINTEXT-5eed';
const MASK = '**********';
/** The S3 keys in an AWS Access Keys credential picked on the node. */
const awsKeys = () => ({ credentials: { ...bed.credentials, documentProcessingAwsKeysApi: { accessKeyId: 'AKIA-FORM', secretAccessKey: `${MARKER}-secret`, sessionToken: '' } } });
const picked = (value: unknown) => ({ __rl: true as const, mode: 'id', value: String(value) });

const sent = async (method: string, path: string) =>
	(await bed.requests()).filter((r) => r.method === method && r.path === path).map((r) => r.json as { type?: string; config: Record<string, unknown> });

const s3Source = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'source',
	operation: 'create',
	sourceName: 'Invoices',
	connectorTypeId: 's3',
	cfg_s3_remote_url: 's3://invoices/in/',
	cfg_s3_options: { recursive: false },
	...extra,
});

const s3Json = (connectorConfigJson: string): INodeParameters => ({ resource: 'source', operation: 'create', sourceName: 'Invoices', connectorTypeId: 's3', configInput: 'json', connectorConfigJson });

describe('Source Connector → Create (form)', () => {
	it('creates an S3 source from the fields: secrets registered encrypted, defaults filled, output labelled and masked', async () => {
		const result = await bed.run(s3Source(), awsKeys());
		const secrets = await bed.secrets();
		expect(secrets.map((s) => s.plaintext).sort()).toEqual(['AKIA-FORM', `${MARKER}-secret`]);
		const ref = (plaintext: string) => ({ id: secrets.find((s) => s.plaintext === plaintext)?.id, type: 'rsa_aes' });
		const [body] = await sent('POST', '/api/v1/sources');
		expect(body).toEqual({
			name: 'Invoices',
			type: 's3',
			config: { remote_url: 's3://invoices/in/', anonymous: false, key: ref('AKIA-FORM'), recursive: false, secret: ref(`${MARKER}-secret`) },
		});
		expect(result.output[0][0].json).toMatchObject({
			type: 's3',
			type_name: 'Amazon S3',
			fields: { 'Remote URL': 's3://invoices/in/', Anonymous: false, 'AWS Access Key ID': MASK, Recursive: false, 'AWS Secret Access Key': MASK },
		});
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('refuses a missing required field locally, naming it by its label, before any request', async () => {
		const error = await caught(bed.run(s3Source({ cfg_s3_remote_url: '={{ "" }}' }), awsKeys()));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Remote URL is required');
		expect((error as NodeOperationError).context.itemIndex).toBe(0);
		expect(await bed.requests()).toEqual([]);
	});

	it('refuses a value of the wrong type, naming the option', async () => {
		const error = await caught(bed.run(s3Source({ cfg_s3_options: { recursive: '={{ "yes" }}' } }), awsKeys()));
		expect(error.message).toBe('Options › Recursive must be true or false');
		expect(await bed.requests()).toEqual([]);
	});

	it('JSON mode: checks the documented fields, encrypts the table’s secrets, and flags unknown keys as a hint', async () => {
		const config = { remote_url: 's3://j/', key: 'AKIA-JSON', secret: `${MARKER}-json`, colour: 'blue' };
		// A secret written into the JSON comes by expression (typed, it would be saved with the workflow).
		const result = await bed.run(s3Json('={{ $json.config }}'), { items: [{ json: { config } }] });
		const [body] = await sent('POST', '/api/v1/sources');
		expect(body.config).toMatchObject({ remote_url: 's3://j/', colour: 'blue', secret: { id: expect.any(String), type: 'rsa_aes' } });
		expect(result.hints.map((h) => h.message)).toEqual(['Item 0: Config (JSON) has keys the Amazon S3 source model does not document: colour. They are sent as written.']);
		const missing = await caught(bed.run(s3Json('{"anonymous": true}')));
		expect(missing.message).toBe('Config (JSON) key "remote_url" (Remote URL) is required');
		expect(errorText(missing) + JSON.stringify(await bed.requests())).not.toContain(MARKER);
	});

	it('Update sends the whole config from the form; Get shows it labelled and masked', async () => {
		const created = (await bed.run(s3Source(), awsKeys())).output[0][0].json;
		const update: INodeParameters = { resource: 'source', operation: 'update', sourceId: picked(created.id), connectorTypeId: 's3', cfg_s3_remote_url: 's3://invoices/v2/', cfg_s3_options: { anonymous: true } };
		await bed.run(update);
		const [body] = await sent('PUT', `/api/v1/sources/${String(created.id)}`);
		expect(body).toEqual({ config: { remote_url: 's3://invoices/v2/', anonymous: true, recursive: true } });
		const got = (await bed.run({ resource: 'source', operation: 'get', sourceId: picked(created.id) })).output[0][0].json;
		expect(got).toMatchObject({ id: created.id, type_name: 'Amazon S3', fields: { 'Remote URL': 's3://invoices/v2/', Recursive: true } });
		// Get Many filters by a type picked from the documented ones.
		const many = (await bed.run({ resource: 'source', operation: 'getAll', returnAll: true, filters: { type: 's3' } })).output[0];
		expect(many.map((item) => item.json)).toEqual([got]);
		expect((await bed.requests()).filter((r) => r.method === 'GET' && r.path === '/api/v1/sources/').map((r) => r.query)).toEqual([{ source_type: 's3' }]);
	});
});

describe('Destination Connector → Create (form)', () => {
	const destination: INodeParameters = { resource: 'destination', operation: 'create', destinationName: 'Vectors' };
	const pinecone: INodeParameters = { ...destination, connectorTypeId: 'pinecone', cfg_pinecone_index_name: 'docs', cfg_pinecone_namespace: 'prod' };

	it('takes a Register Secret output for a secret by expression in Config (JSON), registering nothing more', async () => {
		const reference = (await bed.run({ resource: 'secret', operation: 'register' }, { credentials: { ...bed.credentials, documentProcessingSecretApi: { secret: MARKER } } })).output[0][0].json;
		const json = { connectorTypeId: 'pinecone', configInput: 'json', connectorConfigJson: '={{ { "api_key": $json, "index_name": "docs", "namespace": "prod" } }}' };
		const result = await bed.run({ ...destination, ...json }, { items: [{ json: reference }] });
		const [body] = await sent('POST', '/api/v1/destinations');
		expect(body.config).toEqual({ api_key: reference, index_name: 'docs', namespace: 'prod', batch_size: 50 });
		expect(await bed.secrets()).toHaveLength(1);
		expect(result.output[0][0].json).toMatchObject({ type_name: 'Pinecone', fields: { 'API Key': MASK, 'Index Name': 'docs' } });
	});

	it('refuses a Pinecone without its API Key, naming the credential to put it in', async () => {
		const error = await caught(bed.run(pinecone));
		expect(error.message).toBe('API Key is required');
		expect(error.description).toMatch(/Document Processing Connector Secrets API credential picked on this node, as Config Key "api_key"/);
		expect(await bed.requests()).toEqual([]);
	});

	it('Other Type: a type the table lacks, its config as JSON with named secret keys', async () => {
		await bed.run({ ...destination, connectorTypeId: 'other', otherTypeName: 'example_store', connectorConfigJson: '={{ $json.config }}', encryptedKeysOfConfig: 'token' }, { items: [{ json: { config: { token: MARKER } } }] });
		const [body] = await sent('POST', '/api/v1/destinations');
		expect(body).toMatchObject({ type: 'example_store', config: { token: { id: expect.any(String), type: 'rsa_aes' } } });
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
		const [created] = await bed.client.api<Array<{ id: string }>>('/api/v1/destinations/').then((r) => r.body);
		const update = { resource: 'destination', operation: 'update', destinationId: picked(created.id), connectorTypeId: 'other', connectorConfigJson: '{"token": {"id": "x", "type": "rsa_aes"}, "n": 2}' };
		const updated = await caught(bed.run(update));
		// Update has no Type Name: the config goes out as written, and the service answers for the unknown reference.
		expect(updated.message).not.toContain('Type Name');
		expect((await sent('PUT', `/api/v1/destinations/${created.id}`))[0]).toEqual({ config: { token: { id: 'x', type: 'rsa_aes' }, n: 2 } });
	});
});
