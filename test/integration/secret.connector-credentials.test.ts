/**
 * Issue 43, finding 5: a connector's secrets come from an n8n credential, read only
 * through getCredentials, encrypted and registered before sending; the node's parameters hold no
 * secret, a secret typed into Config (JSON) is refused, and the other operations need no
 * connector credential.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const MARKER = 'CREDENTIAL-PLAINTEXT-9d2e';
const MASK = '**********';
const reference = { id: expect.any(String), type: 'rsa_aes' };

const aws = { accessKeyId: 'AKIA-CRED', secretAccessKey: `${MARKER}-aws`, sessionToken: '' };
const pairs = (entries: Record<string, string>) => ({ pairs: { values: Object.entries(entries).map(([name, value]) => ({ name, value })) } });

async function run(parameters: INodeParameters, connector: Record<string, ICredentialDataDecryptedObject> = {}, extra: Record<string, unknown> = {}) {
	return await bed.run(parameters, { credentials: { ...bed.credentials, ...connector }, ...extra });
}

const posted = async (path: string) =>
	(await bed.requests()).filter((r) => r.method === 'POST' && r.path === path).map((r) => r.json as { type: string; config: Record<string, unknown> });

const s3Source: INodeParameters = { resource: 'source', operation: 'create', sourceName: 'Invoices', connectorTypeId: 's3', cfg_s3_remote_url: 's3://invoices/in/' };
const pinecone: INodeParameters = { resource: 'destination', operation: 'create', destinationName: 'Vectors', connectorTypeId: 'pinecone', cfg_pinecone_index_name: 'docs', cfg_pinecone_namespace: 'prod' };
const pineconeJson = (connectorConfigJson: string): INodeParameters => ({ resource: 'destination', operation: 'create', destinationName: 'Vectors', connectorTypeId: 'pinecone', configInput: 'json', connectorConfigJson });

describe('connector secrets from credentials', () => {
	it('S3: the AWS keys credential fills key and secret, each registered encrypted; nothing typed, nothing in the output', async () => {
		const result = await run(s3Source, { documentProcessingAwsKeysApi: aws });
		const [body] = await posted('/api/v1/sources');
		expect(body.config).toEqual({ remote_url: 's3://invoices/in/', anonymous: false, recursive: true, key: reference, secret: reference });
		expect((await bed.secrets()).map((s) => s.plaintext).sort()).toEqual(['AKIA-CRED', `${MARKER}-aws`]);
		expect(result.output[0][0].json).toMatchObject({ fields: { 'AWS Access Key ID': MASK, 'AWS Secret Access Key': MASK } });
		expect(JSON.stringify(await bed.requests()) + JSON.stringify(result.output)).not.toContain(MARKER);
	});

	it('S3: with Anonymous off and no credential, says a private bucket needs keys, before any request', async () => {
		const error = await caught(run(s3Source));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Amazon S3 needs AWS keys unless Anonymous is on');
		expect(error.description).toContain('Document Processing Connector: AWS Access Keys');
		expect(await bed.requests()).toEqual([]);
		await run({ ...s3Source, cfg_s3_options: { anonymous: true } });
		expect((await posted('/api/v1/sources'))[0].config).toEqual({ remote_url: 's3://invoices/in/', anonymous: true, recursive: true });
	});

	it('Pinecone: the secrets credential fills API Key; without it, API Key is required and the credential is named', async () => {
		await run(pinecone, { documentProcessingConnectorSecretsApi: pairs({ api_key: MARKER }) });
		expect((await posted('/api/v1/destinations'))[0].config).toEqual({ api_key: reference, index_name: 'docs', namespace: 'prod', batch_size: 50 });
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
		bed.emulator.reset();
		const error = await caught(run(pinecone));
		expect(error.message).toBe('API Key is required');
		expect(error.description).toContain('Document Processing Connector Secrets API credential');
		expect(await bed.requests()).toEqual([]);
	});

	it('a credential key the model lacks is registered as a secret too, with a hint', async () => {
		const result = await run(pinecone, { documentProcessingConnectorSecretsApi: pairs({ api_key: MARKER, region_token: `${MARKER}-2` }) });
		expect((await posted('/api/v1/destinations'))[0].config).toMatchObject({ api_key: reference, region_token: reference });
		expect(result.hints.map((hint) => hint.message)).toEqual([expect.stringContaining('region_token. They are sent encrypted.')]);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
	});

	it('JSON mode: refuses a secret typed into Config (JSON), takes a reference, and one an expression produced', async () => {
		const typed = await caught(run(pineconeJson(JSON.stringify({ api_key: MARKER, index_name: 'docs', namespace: 'p' }))));
		expect(typed.message).toBe('Config (JSON) holds a typed secret at "api_key"');
		expect(errorText(typed)).not.toContain(MARKER);
		expect(await bed.requests()).toEqual([]);
		const registered = (await run({ resource: 'secret', operation: 'register' }, { documentProcessingSecretApi: { secret: MARKER } })).output[0][0].json;
		await run(pineconeJson(JSON.stringify({ api_key: registered, index_name: 'docs', namespace: 'p' })));
		expect((await posted('/api/v1/destinations'))[0].config.api_key).toEqual(registered);
		await run(
			pineconeJson('={{ JSON.stringify({ api_key: $json.key, index_name: "docs", namespace: "p" }) }}'),
			{},
			{ items: [{ json: { key: `${MARKER}-upstream` } }] },
		);
		expect((await posted('/api/v1/destinations'))[1].config.api_key).toEqual(reference);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
	});

	it('Other Type: the credential’s pairs join the JSON config as secrets; a key given twice is refused', async () => {
		const other: INodeParameters = { resource: 'source', operation: 'create', sourceName: 'Chat', connectorTypeId: 'slack', connectorConfigJson: '{"channels": ["C01"]}' };
		await run(other, { documentProcessingConnectorSecretsApi: pairs({ token: MARKER }) });
		expect((await posted('/api/v1/sources'))[0].config).toEqual({ channels: ['C01'], token: reference });
		const twice = await caught(run({ ...other, connectorConfigJson: '={{ JSON.stringify({ token: "x" }) }}' }, { documentProcessingConnectorSecretsApi: pairs({ token: MARKER }) }));
		expect(twice.message).toBe('"token" is given both in the node and in the connector credential');
	});

	it('the other operations need no connector credential', async () => {
		const created = (await run({ ...s3Source, cfg_s3_options: { anonymous: true } })).output[0][0].json;
		const got = (await run({ resource: 'source', operation: 'get', sourceId: { __rl: true, mode: 'id', value: String(created.id) } })).output[0][0].json;
		expect(got).toMatchObject({ id: created.id, type_name: 'Amazon S3' });
	});
});
