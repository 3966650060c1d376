/**
 * The connector form as n8n lays it out: the built node description, parameters filled
 * with their defaults by n8n's own helper, counted as the editor shows them (a collection is one).
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';

const description = new DocumentProcessing().description;

function shown(values: INodeParameters): INodeProperties[] {
	const node = { typeVersion: 1 };
	const filled = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ?? {};
	return description.properties.filter((p) => !['resource', 'operation'].includes(p.name) && NodeHelpers.displayParameter(filled, p, node, description));
}

const OPERATIONS = [
	['source', 'create'],
	['source', 'update'],
	['destination', 'create'],
	['destination', 'update'],
] as const;

describe('connector form', () => {
	it.each(OPERATIONS)('%s → %s shows at most 6 fields before anything is touched', (resource, operation) => {
		const names = shown({ resource, operation }).map((p) => p.displayName);
		process.stdout.write(`${resource} ${operation}: ${names.length} fields: ${names.join(', ')}\n`);
		expect(names.length).toBeLessThanOrEqual(6);
		expect(names).toEqual(expect.arrayContaining(['Connector Type', 'Remote URL', 'Options']));
	});

	it.each(OPERATIONS)('%s → %s lists every documented type of its kind by name', (resource, operation) => {
		const picker = shown({ resource, operation }).find((p) => p.name === 'connectorTypeId');
		const values = (picker?.options ?? []).map((option) => ('value' in option ? option.value : undefined));
		const expected = CONNECTOR_TABLE.types.filter((type) => type[resource]).map((type) => type.id);
		expect(values).toEqual(expect.arrayContaining([...expected, 'other']));
		expect(values).toHaveLength(expected.length + 1);
	});

	it('shows the chosen type’s required fields on top, the rest under Options, and no field for a secret', () => {
		const fields = shown({ resource: 'destination', operation: 'create', connectorTypeId: 'pinecone' });
		expect(fields.map((p) => p.displayName)).toEqual(['Name', 'Connector Type', 'Define Config', 'Index Name', 'Namespace', 'Options']);
		const options = fields.find((p) => p.displayName === 'Options')?.options as INodeProperties[];
		expect(options.map((o) => [o.displayName, o.default])).toEqual([['Batch Size', 50]]);
	});

	it('JSON mode and types without documented fields take Config (JSON)', () => {
		const json = shown({ resource: 'source', operation: 'create', configInput: 'json' }).map((p) => p.displayName);
		// S3's keys come from the AWS credential in JSON mode too, so its notice stays.
		expect(json).toEqual(['Name', 'Connector Type', 'Define Config', expect.stringMatching(/^A private bucket needs keys/), 'Config (JSON)']);
		const slack = shown({ resource: 'source', operation: 'create', connectorTypeId: 'slack' }).map((p) => p.displayName);
		expect(slack).toEqual(['Name', 'Connector Type', 'Config (JSON)', 'Secret Config Keys']);
		const other = shown({ resource: 'source', operation: 'update', connectorTypeId: 'other' }).map((p) => p.displayName);
		expect(other).toEqual(['Source Connector', 'Connector Type', 'Config (JSON)', 'Secret Config Keys']);
	});

	it('Get Many filters by a documented type', () => {
		const filter = (shown({ resource: 'destination', operation: 'getAll' }).find((p) => p.name === 'filters')?.options as INodeProperties[])[0];
		expect(filter.type).toBe('options');
		expect(filter.options).toHaveLength(CONNECTOR_TABLE.types.filter((type) => type.destination).length);
	});
});
