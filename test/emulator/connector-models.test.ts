/**
 * The emulator checks connector configs against the documented models (the client's models, via
 * the connector table) for the types it knows, answering a wrong config as the service documents:
 * 422 with a pydantic-style `detail` list.
 */
import { useEmulator, type ConnectorBody } from './test-support/fixtures';

interface Issue {
	type: string;
	loc: Array<string | number>;
	msg: string;
}

const h = useEmulator();

async function create(collection: 'sources' | 'destinations', type: string, config: Record<string, unknown>) {
	return await h.client.api<ConnectorBody & { detail: Issue[] }>(`/api/v1/${collection}/`, { json: { name: `${type} test`, type, config } });
}

const issues = (detail: Issue[]) => detail.map((issue) => `${issue.loc.join('.')} ${issue.type}`);

// Complete configs, written from the client's models by hand (not from the table the emulator reads).
const VALID: Array<[collection: 'sources' | 'destinations', type: string, config: Record<string, unknown>]> = [
	['sources', 's3', { remote_url: 's3://in/' }],
	['sources', 'azure', { remote_url: 'az://container/', account_name: 'acct', account_key: 'k' }],
	['sources', 'google_drive', { drive_id: 'd1', service_account_key: '{"type":"service_account"}' }],
	['sources', 'sharepoint', { client_cred: 'c', client_id: 'i', site: 'https://x.sharepoint.com/sites/a', tenant: 't', user_pname: 'u@x' }],
	['destinations', 'pinecone', { api_key: 'k', index_name: 'docs', namespace: 'prod' }],
	['destinations', 'weaviate-cloud', { api_key: 'k', cluster_url: 'https://w.example' }],
	['destinations', 'postgres', { batch_size: 50, database: 'db', host: 'h', password: 'p', port: 5432, table_name: 'elements', username: 'u' }],
	['destinations', 'elasticsearch', { es_api_key: 'k', hosts: ['https://es.example:9200'], index_name: 'docs' }],
	['destinations', 's3', { remote_url: 's3://out/' }],
];

describe('connector configs against the documented models', () => {
	it.each(VALID)('%s: accepts a complete %s config and refuses it without its required keys', async (collection, type, config) => {
		expect((await create(collection, type, config)).status).toBe(200);
		const empty = await create(collection, type, {});
		expect(empty.status).toBe(422);
		const missing = Object.keys(config).filter((key) => !['account_name', 'account_key'].includes(key));
		expect(issues(empty.body.detail).sort()).toEqual(missing.map((key) => `body.config.${key} missing`).sort());
		expect(empty.body.detail[0].msg).toBe('Field required');
	});

	it('refuses values of the wrong type, naming the key and the expected type', async () => {
		const postgres = await create('destinations', 'postgres', { ...VALID[6][2], port: '5432', batch_size: 1.5 });
		expect(postgres.status).toBe(422);
		expect(issues(postgres.body.detail)).toEqual(['body.config.batch_size int_type', 'body.config.port int_type']);
		const elastic = await create('destinations', 'elasticsearch', { ...VALID[7][2], hosts: 'https://es.example:9200' });
		expect(issues(elastic.body.detail)).toEqual(['body.config.hosts list_type']);
		const s3 = await create('sources', 's3', { remote_url: 's3://in/', recursive: 'yes', key: null });
		expect(issues(s3.body.detail)).toEqual(['body.config.recursive bool_type']);
	});

	it('refuses a URL without the scheme the docs give for it, as a value_error at its key', async () => {
		const s3 = await create('sources', 's3', { remote_url: 'my-bucket/in/', endpoint_url: 'https://minio.example' });
		expect(s3.status).toBe(422);
		expect(s3.body.detail).toEqual([{ type: 'value_error', loc: ['body', 'config', 'remote_url'], msg: 'Value error, must start with s3://' }]);
		const azure = await create('sources', 'azure', { ...VALID[1][2], remote_url: 'abfs://container/' });
		expect(azure.status).toBe(200);
		const elastic = await create('destinations', 'elasticsearch', { ...VALID[7][2], hosts: ['https://a.example', 'b.example:9200'] });
		expect(issues(elastic.body.detail)).toEqual(['body.config.hosts value_error']);
	});

	it('fills documented defaults, keeps keys the model lacks, masks documented secrets', async () => {
		const sharepoint = await create('sources', 'sharepoint', { ...VALID[3][2], colour: 'blue' });
		expect(sharepoint.body.config).toEqual({
			client_cred: '**********',
			client_id: 'i',
			site: 'https://x.sharepoint.com/sites/a',
			tenant: 't',
			user_pname: 'u@x',
			colour: 'blue',
			authority_url: 'https://login.microsoftonline.com',
			recursive: false,
		});
		const pinecone = await create('destinations', 'pinecone', VALID[4][2]);
		expect(pinecone.body.config).toEqual({ api_key: '**********', index_name: 'docs', namespace: 'prod', batch_size: 50 });
	});

	it('stores a type it does not check as sent', async () => {
		const mongo = await create('destinations', 'mongodb', { anything: 1 });
		expect(mongo.status).toBe(200);
		expect(mongo.body.config).toEqual({ anything: 1 });
	});
});
