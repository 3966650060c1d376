/**
 * Connector secrets (issue 43 findings 4 and 5, issue 46 findings 1 and 5): Get output masks the
 * known secret keys of types without a model; the forms have no field to type a secret into, show the connector credential picker only on Create and Update of a source or destination
 * (the AWS keys on Amazon S3), and stay within 6 fields for every connector type.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { connectorView } from '../../nodes/DocumentProcessing/actions/common/connector/connectorView';
import { typesOf } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTypes';
import { documentProcessingAwsKeysTest, documentProcessingConnectorSecretsTest } from '../../nodes/DocumentProcessing/actions/common/connector/credentialTests';
import { documentProcessingSecretTest } from '../../nodes/DocumentProcessing/actions/secret/secretCredential';
import { documentProcessingSigningSecretTest } from '../../nodes/DocumentProcessing/actions/notificationChannel/signingSecret';
import { shownByDefault } from './panels/displayOptions';

const MASK = '**********';
const PLAIN = 'VIEW-PLAINTEXT-77aa';
const description: INodeTypeDescription = new DocumentProcessing().description;

describe('Get output of types without a model', () => {
	it.each([
		['source', 'slack', 'token'],
		['destination', 'motherduck', 'md_token'],
		['destination', 'example_db', 'password'],
		['source', 'example_wiki', 'token'],
	] as const)('%s %s masks %s even when the service returns it in plaintext', (kind, type, key) => {
		const view = connectorView(kind, { id: 'c1', type, config: { [key]: PLAIN, host: 'db' } });
		expect(view.config).toEqual({ [key]: MASK, host: 'db' });
		expect(JSON.stringify(view)).not.toContain(PLAIN);
	});
});

/** The fields at the top of a Create panel for one connector type, as the editor shows them. */
const shownFor = (resource: string, typeId: string): INodeProperties[] => shownByDefault(description, resource, 'create', { connectorTypeId: typeId });

const credentialsShown = (parameters: Record<string, unknown>): string[] =>
	(description.credentials ?? [])
		.filter((credential) => NodeHelpers.displayParameter(parameters as never, credential, { typeVersion: 1 } as never, description, parameters as never))
		.map((credential) => credential.name);

describe('connector forms', () => {
	const kinds = [
		['source', 'source'],
		['destination', 'destination'],
	] as const;

	it.each(kinds)('%s: no type shows a password field, at the top or in its Options', (resource, kind) => {
		const rows = typesOf(kind).map(({ entry }) => ({ type: entry.id, fields: shownFor(resource, entry.id) }));
		expect(rows.length).toBeGreaterThan(20);
		expect(rows.flatMap((row) => row.fields.filter((f) => f.typeOptions?.password === true).map((f) => `${row.type}: ${f.displayName}`))).toEqual([]);
		// Options collections offer no secret either.
		const options = rows.flatMap((row) => row.fields.filter((f) => f.type === 'collection').flatMap((f) => (f.options as INodeProperties[]).filter((o) => o.typeOptions?.password)));
		expect(options).toEqual([]);
	});

	it('Amazon S3 says a private bucket needs keys (the AWS keys picker is above), then Remote URL and Options', () => {
		for (const resource of ['source', 'destination']) {
			const fields = shownFor(resource, 's3');
			expect(fields.map((f) => f.type === 'notice' ? 'notice' : f.displayName)).toEqual(['Name', 'Connector Type', 'Define Config', 'notice', 'Remote URL', 'Options']);
			expect(fields[3].displayName).toMatch(/^A private bucket needs keys: pick an AWS Access Keys credential above/);
		}
	});

	it('Pinecone fits in 6 (Name, Connector Type, Define Config, Index Name, Namespace, Options)', () => {
		expect(shownFor('destination', 'pinecone').map((f) => f.displayName)).toEqual(['Name', 'Connector Type', 'Define Config', 'Index Name', 'Namespace', 'Options']);
	});

	it('shows the AWS keys picker on Amazon S3, the secrets picker on other types, neither elsewhere', () => {
		const s3 = { resource: 'source', operation: 'create', connectorTypeId: 's3' };
		expect(credentialsShown(s3)).toEqual(['documentProcessingApi', 'documentProcessingAwsKeysApi']);
		expect(credentialsShown({ ...s3, resource: 'destination', operation: 'update', connectorTypeId: 'pinecone' })).toEqual(['documentProcessingApi', 'documentProcessingConnectorSecretsApi']);
		expect(credentialsShown({ ...s3, connectorTypeId: 'other' })).toEqual(['documentProcessingApi', 'documentProcessingConnectorSecretsApi']);
		expect(credentialsShown({ resource: 'source', operation: 'get' })).toEqual(['documentProcessingApi']);
		expect(credentialsShown({ resource: 'job', operation: 'process' })).toEqual(['documentProcessingApi']);
	});

	it('shows the secret credential on Register Secret only while Secret Input is Credential', () => {
		const register = { resource: 'secret', operation: 'register' };
		expect(credentialsShown({ ...register, secretInput: 'credential' })).toEqual(['documentProcessingApi', 'documentProcessingSecretApi']);
		expect(credentialsShown({ ...register, secretInput: 'binary' })).toEqual(['documentProcessingApi']);
		expect(credentialsShown({ ...register, secretInput: 'expression' })).toEqual(['documentProcessingApi']);
	});

	it('shows the signing secret credential on a webhook channel’s Create only while Signing Secret Input is Credential', () => {
		const create = { resource: 'notificationChannel', operation: 'create', channelType: 'webhook' };
		expect(credentialsShown({ ...create, signingSecretInput: 'credential' })).toEqual(['documentProcessingApi', 'documentProcessingSigningSecretApi']);
		expect(credentialsShown({ ...create, signingSecretInput: 'service' })).toEqual(['documentProcessingApi']);
		expect(credentialsShown({ ...create, signingSecretInput: 'expression' })).toEqual(['documentProcessingApi']);
		expect(credentialsShown({ ...create, channelType: 'email', signingSecretInput: 'credential' })).toEqual(['documentProcessingApi']);
		expect(credentialsShown({ resource: 'notificationChannel', operation: 'update', channelType: 'webhook', signingSecretInput: 'credential' })).toEqual(['documentProcessingApi']);
	});
});

describe('connector credential tests (no request, no value quoted)', () => {
	const test = async (fn: typeof documentProcessingAwsKeysTest, data: Record<string, unknown>) =>
		await fn.call({} as never, { id: 'c', name: 'c', type: 't', data: data as never });

	it('AWS keys: both keys needed', async () => {
		expect((await test(documentProcessingAwsKeysTest, { accessKeyId: 'AKIA', secretAccessKey: PLAIN })).status).toBe('OK');
		const missing = await test(documentProcessingAwsKeysTest, { accessKeyId: 'AKIA', secretAccessKey: '' });
		expect(missing).toEqual({ status: 'Error', message: expect.stringContaining('no Access Key ID or no Secret Access Key') });
	});

	it('a signing secret: 24 to 75 bytes, never quoted', async () => {
		const secret = `whsec_${PLAIN}-0123456789`;
		expect(await test(documentProcessingSigningSecretTest, { secret })).toEqual({ status: 'OK', message: expect.not.stringContaining(PLAIN) });
		const short = await test(documentProcessingSigningSecretTest, { secret: PLAIN });
		expect(short).toEqual({ status: 'Error', message: 'The signing secret is 19 bytes long; the service takes 24 to 75' });
		expect((await test(documentProcessingSigningSecretTest, { secret: 'x'.repeat(76) })).status).toBe('Error');
	});

	it('Register Secret’s secret: there, never quoted', async () => {
		expect(await test(documentProcessingSecretTest, { secret: PLAIN })).toEqual({ status: 'OK', message: expect.not.stringContaining(PLAIN) });
		expect((await test(documentProcessingSecretTest, { secret: '  ' })).status).toBe('Error');
	});

	it('secrets: each pair named once and filled', async () => {
		const pairs = (values: Array<{ name: string; value: string }>) => ({ pairs: { values } });
		expect((await test(documentProcessingConnectorSecretsTest, pairs([{ name: 'password', value: PLAIN }]))).status).toBe('OK');
		const results = [
			await test(documentProcessingConnectorSecretsTest, pairs([])),
			await test(documentProcessingConnectorSecretsTest, pairs([{ name: '', value: PLAIN }])),
			await test(documentProcessingConnectorSecretsTest, pairs([{ name: 'password', value: PLAIN }, { name: 'password', value: 'x' }])),
			await test(documentProcessingConnectorSecretsTest, pairs([{ name: 'password', value: '' }])),
		];
		expect(results.map((r) => r.status)).toEqual(['Error', 'Error', 'Error', 'Error']);
		expect(JSON.stringify(results)).not.toContain(PLAIN);
	});
});
