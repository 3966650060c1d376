/**
 * What the connector form says about each field: the reviewed labels, sample values and
 * one-line descriptions of scripts/connectors/fieldText.json for the most used types, a fallback
 * that claims nothing for the rest, and the panel's own words matching n8n's (Add option, Define
 * Config). Parameter names stay the config keys, so saved workflows keep their values.
 */
import type { INodeProperties } from 'n8n-workflow';
import { connectorFormProperties } from '../../nodes/DocumentProcessing/actions/common/connector/connectorForm';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';
import { operationOptions } from '../../nodes/DocumentProcessing/descriptions/operationOptions';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkFieldText } = require('../../scripts/connectors/fieldText.js') as { checkFieldText(fields: Map<string, Set<string>>): void };

type Kind = 'source' | 'destination';
const REVIEWED: Record<Kind, string[]> = {
	source: ['s3', 'azure', 'gcs', 'google_drive', 'sharepoint', 'onedrive', 'box', 'dropbox', 'confluence'],
	destination: ['pinecone', 'weaviate-cloud', 'qdrant-cloud', 'milvus', 'elasticsearch', 'opensearch', 'azure_ai_search', 'postgres', 'mongodb', 'databricks_volumes', 'databricks_volume_delta_tables', 'snowflake', 's3'],
};

const model = (kind: Kind, id: string) => CONNECTOR_TABLE.types.find((t) => t.id === id)?.[kind];
const FALLBACK = /^The “.+” setting of the .+ (source|destination)( \(default: .+\))?$/;

function byName(properties: INodeProperties[], name: string): INodeProperties {
	const found = properties.find((p) => p.name === name);
	if (!found) throw new Error(`no parameter ${name}`);
	return found;
}

describe('connector field text', () => {
	it.each(Object.entries(REVIEWED).flatMap(([kind, ids]) => ids.map((id) => [kind as Kind, id] as const)))('every field of the %s %s has a reviewed one-line description', (kind, id) => {
		const fields = model(kind, id)?.fields ?? [];
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			expect(field.description).not.toMatch(FALLBACK);
			expect(field.description).not.toMatch(/Config key|\.$|\n/);
		}
	});

	it('says what the S3 fields are, with a sample remote URL', () => {
		const s3 = model('source', 's3')?.fields ?? [];
		const of = (key: string) => s3.find((field) => field.key === key);
		expect(of('remote_url')).toMatchObject({ label: 'Remote URL', placeholder: 'e.g. s3://my-bucket/my-folder/' });
		expect([of('key')?.label, of('secret')?.label, of('token')?.label]).toEqual(['AWS Access Key ID', 'AWS Secret Access Key', 'AWS Session Token']);
		expect(of('key')?.description).toMatch(/access key ID of the AWS IAM user/);
	});

	it('gives every other field its label, its type and its documented default, nothing more', () => {
		const couchbase = model('source', 'couchbase')?.fields ?? [];
		expect(couchbase.find((field) => field.key === 'bucket')?.description).toBe('The “Bucket” setting of the Couchbase source');
		const astra = model('destination', 'astradb')?.fields ?? [];
		expect(astra.find((field) => field.key === 'binary_encode_vectors')?.description).toBe('The “Binary Encode Vectors” setting of the Astra DB destination (default: on)');
	});

	it('refuses reviewed text for a type or key the client does not have', () => {
		expect(() => checkFieldText(new Map([['s3', new Set(['remote_url'])]]))).toThrow(/fieldText\.json names/);
	});

	it('builds the form from it, under the same parameter names as before', () => {
		const form = connectorFormProperties('source');
		const remoteUrl = byName(form, 'cfg_s3_remote_url');
		expect(remoteUrl).toMatchObject({ displayName: 'Remote URL', placeholder: 'e.g. s3://my-bucket/my-folder/' });
		expect(remoteUrl.description).toMatch(/^The S3 URI of the bucket or folder/);
		const options = byName(form, 'cfg_s3_options');
		expect(options.placeholder).toBe(operationOptions([]).placeholder);
		// The AWS keys come from the AWS credential: the form has no field for a secret.
		const names = (options.options as INodeProperties[]).map((p) => p.name);
		expect(names).toContain('anonymous');
		expect(names.filter((name) => ['key', 'secret', 'token'].includes(name))).toEqual([]);
		const mode = byName(form, 'configInput');
		expect(mode.displayName).toBe('Define Config');
		expect(mode.options).toEqual([expect.objectContaining({ name: 'Using Fields Below', value: 'fields' }), expect.objectContaining({ name: 'Using JSON', value: 'json' })]);
	});
});
