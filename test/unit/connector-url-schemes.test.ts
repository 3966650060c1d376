/**
 * URL fields of the connector table checked by scheme before any request (issue 46): every rule
 * of scripts/connectors/urlSchemes.json, as the table carries it, accepts its documented schemes
 * and refuses anything else naming the field; every field that holds an address has a rule or is
 * listed below as one the docs give no format for.
 */
import { checkConfig } from '../../nodes/DocumentProcessing/actions/common/connector/configChecks';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';
import type { ConnectorField, ConnectorModel } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTableTypes';
import { checkUrlScheme } from '../../nodes/DocumentProcessing/actions/common/connector/urlSchemes';

interface UrlField {
	where: string;
	model: ConnectorModel;
	field: ConnectorField;
}

const fields: UrlField[] = CONNECTOR_TABLE.types.flatMap((type) =>
	(['source', 'destination'] as const).flatMap((kind) => {
		const model = type[kind];
		return (model?.fields ?? []).map((field) => ({ where: `${type.id} ${kind} ${field.key}`, model: model as ConnectorModel, field }));
	}),
);
const withRule = fields.filter(({ field }) => field.schemes !== undefined);
// Host names and connection settings the service's docs describe without a scheme to check.
const NO_DOCUMENTED_FORMAT = [
	'databricks_volume_delta_tables destination server_hostname',
	'kafka-cloud destination bootstrap_servers',
	'kafka-cloud source bootstrap_servers',
	'postgres destination host',
	'postgres source host',
	'redis destination host',
	'snowflake destination host',
	'snowflake source host',
];
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const refusal = (field: ConnectorField, value: unknown): string => {
	try {
		checkUrlScheme(field, field.label, value);
		return 'accepted';
	} catch (error) {
		return message(error);
	}
};

describe('connector URL fields checked by scheme', () => {
	it('has a rule for every field that holds an address, or says the docs give none', () => {
		const addresses = fields.filter(({ field }) => /url|uri|endpoint|hosts?$|site$|server/.test(field.key)).map(({ where }) => where);
		const unruled = addresses.filter((where) => !withRule.some((rule) => rule.where === where));
		expect(unruled.sort()).toEqual(NO_DOCUMENTED_FORMAT);
		expect(withRule.length).toBeGreaterThanOrEqual(36);
	});

	it('carries the documented schemes of the object stores', () => {
		const schemes = (where: string) => withRule.find((rule) => rule.where === where)?.field.schemes;
		expect(schemes('s3 source remote_url')).toEqual(['s3://']);
		expect(schemes('s3 destination remote_url')).toEqual(['s3://']);
		expect(schemes('azure source remote_url')).toEqual(['az://', 'abfs://']);
		expect(schemes('gcs destination remote_url')).toEqual(['gs://']);
		expect(schemes('s3 source endpoint_url')).toEqual(['https://', 'http://']);
		expect(schemes('ibm_watsonx_s3 destination iceberg_endpoint')).toEqual([]);
	});

	describe.each(withRule.map((rule) => [rule.where, rule] as const))('%s', (_where, { field }) => {
		const schemes = field.schemes ?? [];
		// A list field (hosts) is checked entry by entry.
		const wrap = (value: string) => (field.type === 'stringList' ? [value] : value);

		if (schemes.length === 0) {
			it('takes a bare host name and refuses one with a scheme', () => {
				expect(refusal(field, 'host.example.com')).toBe('accepted');
				expect(refusal(field, 'https://host.example.com')).toBe(`${field.label} must be a host name without a scheme such as https://`);
			});
			return;
		}

		it.each(schemes)('takes a value starting with %s (any case, spaces around)', (scheme) => {
			expect(refusal(field, wrap(`${scheme}place/folder/`))).toBe('accepted');
			expect(refusal(field, wrap(`  ${scheme.toUpperCase()}place/`))).toBe('accepted');
		});

		it('refuses no scheme, another scheme and a scheme of another store, naming the field', () => {
			const expected = `${field.label} must start with ${schemes.length === 1 ? schemes[0] : `${schemes.slice(0, -1).join(', ')} or ${schemes[schemes.length - 1]}`}`;
			for (const value of ['place/folder/', 'ftp://place/', schemes.includes('s3://') ? 'gs://place/' : 's3://place/']) {
				expect(refusal(field, wrap(value))).toBe(expected);
			}
		});
	});

	it('checks inside checkConfig, for plain fields, list entries and plaintext secrets, never quoting the value', () => {
		const model = (type: string, kind: 'source' | 'destination') => CONNECTOR_TABLE.types.find((t) => t.id === type)?.[kind] as ConnectorModel;
		const named = (field: ConnectorField) => (field.required ? field.label : `Options › ${field.label}`);
		expect(() => checkConfig(model('s3', 'source'), { remote_url: 'my-bucket/in/' }, named)).toThrow(/^Remote URL must start with s3:\/\/$/);
		expect(() => checkConfig(model('s3', 'source'), { remote_url: 's3://b/', endpoint_url: 'minio.local:9000' }, named)).toThrow('Options › Endpoint URL must start with https:// or http://');
		expect(() => checkConfig(model('elasticsearch', 'destination'), { hosts: 'https://a.example, b.example:9200', index_name: 'i', es_api_key: 'k' }, named)).toThrow(
			'Hosts must start with https:// or http://',
		);
		const password = 'hunter2-url-secret';
		let refused = '';
		try {
			checkConfig(model('mongodb', 'destination'), { uri: `user:${password}@cluster.example.net/`, database: 'd', collection: 'c' }, named);
		} catch (error) {
			refused = `${message(error)} ${(error as { hint?: string }).hint ?? ''}`;
		}
		expect(refused).toContain('Connection String (URI) must start with mongodb+srv:// or mongodb://');
		expect(refused).not.toContain(password);
		// A reference to a registered secret has no scheme to check.
		const kept = checkConfig(model('mongodb', 'destination'), { uri: { id: 's1', type: 'rsa_aes' }, database: 'd', collection: 'c' }, named);
		expect(kept.config.uri).toEqual({ id: 's1', type: 'rsa_aes' });
		// The hint shows the documented example, the field's placeholder.
		try {
			checkConfig(model('s3', 'source'), { remote_url: 'bucket' }, named);
		} catch (error) {
			expect((error as { hint?: string }).hint).toBe('Write the whole address with its scheme, as the service documents for this type (e.g. s3://my-bucket/my-folder/).');
		}
	});
});
