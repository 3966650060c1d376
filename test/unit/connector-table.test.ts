/**
 * The connector table is the generator's output on the recorded client version: re-running
 * scripts/connectors/generate.js on the kept model files must give the checked-in JSON and the
 * type list of docs/connectors.md byte for byte, cover every type id of the client's lists, and
 * hold the shape connectorTable.ts declares (the module reads the JSON with a type assertion).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';

interface Generator {
	buildTable(dir: string, commit?: string): typeof CONNECTOR_TABLE;
	renderTable(table: typeof CONNECTOR_TABLE): string;
	withDocsTable(page: string, table: typeof CONNECTOR_TABLE): string;
}

const ROOT = join(__dirname, '../..');
const TABLE_JSON = join(ROOT, 'nodes/DocumentProcessing/actions/common/connector/connectorTable.data.json');
const FIXTURE = join(ROOT, 'test/fixtures/unstructured-client-models');
const MODELS = join(FIXTURE, 'src/unstructured_client/models/shared');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require('../../scripts/connectors/generate.js') as Generator;
const reviewed = JSON.parse(readFileSync(join(ROOT, 'scripts/connectors/reviewed.json'), 'utf8')) as { secretFields: string[]; typeNames: Record<string, string> };

const enumIds = (file: string): string[] => [...readFileSync(join(MODELS, file), 'utf8').matchAll(/^ {4}[A-Z0-9_]+ = "([^"]+)"$/gm)].map((m) => m[1]);

describe('connector table', () => {
	const table = generator.buildTable(FIXTURE);

	it('is what the generator writes from the recorded client version, byte for byte', () => {
		const checkedIn = readFileSync(TABLE_JSON, 'utf8');
		expect(generator.renderTable(table)).toBe(checkedIn);
		// Generating twice gives the same bytes: no clock, no map order, no machine path.
		expect(generator.renderTable(generator.buildTable(FIXTURE))).toBe(checkedIn);
		expect(table.client).toEqual({ package: 'unstructured-client', version: '0.43.4', commit: readFileSync(join(FIXTURE, 'CLIENT_COMMIT'), 'utf8').trim() });
	});

	it('holds the declared shape in every field, so the typed module’s assertion is true', () => {
		const fieldKeys = ['key', 'label', 'description', 'placeholder', 'type', 'required', 'nullable', 'secret', 'default', 'options', 'schemes'];
		const parsed = JSON.parse(readFileSync(TABLE_JSON, 'utf8')) as typeof CONNECTOR_TABLE;
		expect(parsed).toEqual(CONNECTOR_TABLE);
		expect(Object.keys(parsed)).toEqual(['about', 'client', 'types']);
		for (const type of parsed.types) {
			expect(Object.keys(type).filter((key) => !['id', 'name', 'source', 'destination'].includes(key))).toEqual([]);
			for (const model of [type.source, type.destination].filter((m) => m !== undefined)) {
				expect(typeof model.extra).toBe('boolean');
				expect(model.model === null || typeof model.model === 'string').toBe(true);
				for (const field of model.fields) {
					expect(Object.keys(field).filter((key) => !fieldKeys.includes(key))).toEqual([]);
					expect([typeof field.key, typeof field.label, typeof field.description]).toEqual(['string', 'string', 'string']);
					expect(['string', 'number', 'boolean', 'stringList']).toContain(field.type);
					expect([typeof field.required, typeof field.nullable, typeof field.secret]).toEqual(['boolean', 'boolean', 'boolean']);
					if (field.schemes) expect(field.schemes.every((scheme) => /^[a-z][a-z0-9+.-]*:\/\/$/.test(scheme))).toBe(true);
				}
			}
		}
	});

	it('gives the type list of docs/connectors.md', () => {
		const page = readFileSync(join(ROOT, 'docs/connectors.md'), 'utf8');
		expect(generator.withDocsTable(page, table)).toBe(page);
	});

	it('covers every type id of the client’s source and destination lists, and no other', () => {
		const sources = enumIds('sourceconnectortype.py');
		const destinations = enumIds('destinationconnectortype.py');
		expect(sources.length).toBeGreaterThanOrEqual(20);
		expect(destinations.length).toBeGreaterThanOrEqual(20);
		expect(CONNECTOR_TABLE.types.filter((t) => t.source).map((t) => t.id)).toEqual([...sources].sort());
		expect(CONNECTOR_TABLE.types.filter((t) => t.destination).map((t) => t.id)).toEqual([...destinations].sort());
		// Every model file of the client became one type's fields.
		const modelFiles = readdirSync(MODELS).filter((name) => name.endsWith('connectorconfiginput.py'));
		const models = new Set(CONNECTOR_TABLE.types.flatMap((t) => [t.source?.model, t.destination?.model]).filter(Boolean));
		expect(models.size).toBe(modelFiles.length);
	});

	it('carries the documented facts of S3 and Pinecone', () => {
		const s3 = CONNECTOR_TABLE.types.find((t) => t.id === 's3');
		expect(s3?.source?.fields.map((f) => [f.key, f.type, f.required, f.default, f.secret])).toEqual([
			['remote_url', 'string', true, undefined, false],
			['anonymous', 'boolean', false, false, false],
			['endpoint_url', 'string', false, undefined, false],
			['key', 'string', false, undefined, true],
			['recursive', 'boolean', false, true, false],
			['secret', 'string', false, undefined, true],
			['token', 'string', false, undefined, true],
		]);
		const pinecone = CONNECTOR_TABLE.types.find((t) => t.id === 'pinecone');
		expect(pinecone?.source).toBeUndefined();
		expect(pinecone?.destination?.fields.filter((f) => f.required).map((f) => f.label)).toEqual(['API Key', 'Index Name', 'Namespace']);
		expect(pinecone?.destination?.fields.find((f) => f.key === 'batch_size')).toMatchObject({ type: 'number', default: 50, required: false });
	});

	it('has no stale entry in the reviewed lists: every secret key and type name is used', () => {
		const keys = new Set(CONNECTOR_TABLE.types.flatMap((t) => [...(t.source?.fields ?? []), ...(t.destination?.fields ?? [])]).map((f) => f.key));
		expect(reviewed.secretFields.filter((key) => !keys.has(key))).toEqual([]);
		expect(Object.keys(reviewed.typeNames).sort()).toEqual(CONNECTOR_TABLE.types.map((t) => t.id));
	});
});
