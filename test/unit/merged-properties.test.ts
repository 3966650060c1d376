/**
 * The action node keeps one property for a field several operations declare alike
 * (descriptions/mergedProperties.ts) and one for a field a connector type's source and destination
 * share (connectorForms.ts): no panel may show anything else, or in another order, than the
 * fields the operations declare. Checked for every resource and operation, and for the connector
 * forms for every connector type, both by the conditions themselves and as n8n lays a panel out.
 */
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { DECLARED_PROPERTIES, DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { connectorFormOf, connectorForms } from '../../nodes/DocumentProcessing/actions/common/connector/connectorForms';
import { typesOf } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTypes';
import { mergeInOrder, mergeRepeated } from '../../nodes/DocumentProcessing/descriptions/mergedProperties';

const description = new DocumentProcessing().description;

/** Every resource/operation pair the node offers. */
const pairs: Array<[string, string]> = DECLARED_PROPERTIES.filter((property) => property.name === 'operation').flatMap((property) =>
	(property.displayOptions?.show?.resource as string[]).flatMap((resource) => (property.options ?? []).map((option) => [resource, String((option as { value: string }).value)] as [string, string])),
);

const sorted = (value: unknown): unknown =>
	Array.isArray(value) ? value.map(sorted) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sorted(v)])) : value;

/** The properties a pair's conditions admit, each without its resource and operation conditions, in order. */
function panel(properties: INodeProperties[], resource: string, operation: string, without = ['resource', 'operation']): string[] {
	return properties
		.filter((property) => {
			const show = property.displayOptions?.show ?? {};
			return (!show.resource || show.resource.includes(resource)) && (!show.operation || show.operation.includes(operation));
		})
		.map((property) => {
			const show = Object.fromEntries(Object.entries(property.displayOptions?.show ?? {}).filter(([key]) => !without.includes(key)));
			return JSON.stringify(sorted({ ...property, displayOptions: { ...property.displayOptions, show } }));
		});
}

/** The fields n8n shows at the top of a panel for these values, as its own helpers decide it. */
function shown(properties: INodeProperties[], values: INodeParameters): string[] {
	const node = { typeVersion: 1 };
	const own = { ...description, properties } as INodeTypeDescription;
	const filled = NodeHelpers.getNodeParameters(properties, values, true, false, node, own) ?? {};
	return properties.filter((property) => NodeHelpers.displayParameter(filled, property, node, own)).map((property) => `${property.name}: ${property.displayName}`);
}

describe('merged properties', () => {
	it('are fewer: the declared fields hold copies', () => {
		expect(pairs.length).toBeGreaterThan(40);
		expect(description.properties.length).toBeLessThan(DECLARED_PROPERTIES.length - 10);
		process.stdout.write(`properties: ${DECLARED_PROPERTIES.length} declared, ${description.properties.length} after merging\n`);
	});

	it.each(pairs)('%s › %s shows the fields it declares, in their order', (resource, operation) => {
		expect(panel(description.properties, resource, operation)).toEqual(panel(DECLARED_PROPERTIES, resource, operation));
		expect(shown(description.properties, { resource, operation })).toEqual(shown(DECLARED_PROPERTIES, { resource, operation }));
	});

	const forms = typesOf('source').map(({ entry }) => ['source', entry.id]).concat(typesOf('destination').map(({ entry }) => ['destination', entry.id]));
	it.each(forms)('the %s form of %s is its own form, in its order (fields and JSON)', (kind, type) => {
		const own = connectorFormOf(kind as 'source' | 'destination');
		for (const operation of ['create', 'update']) {
			expect(panel(connectorForms, kind, operation, ['resource'])).toEqual(panel(own, kind, operation, ['resource']));
			for (const configInput of ['fields', 'json']) {
				const values = { resource: kind, operation, connectorTypeId: type, configInput };
				expect(shown(connectorForms, values)).toEqual(shown(own, values));
			}
		}
	});

	it('keeps one copy of a field two lists share, both orders kept', () => {
		const field = (name: string, resource: string): INodeProperties => ({ displayName: name, name, type: 'string', default: '', displayOptions: { show: { resource: [resource] } } });
		const merged = mergeInOrder([field('a', 'x'), field('b', 'x'), field('c', 'x')], [field('a', 'y'), field('d', 'y'), field('c', 'y')]);
		expect(merged.map((property) => [property.name, property.displayOptions?.show?.resource])).toEqual([
			['a', ['x', 'y']],
			['b', ['x']],
			['d', ['y']],
			['c', ['x', 'y']],
		]);
	});

	it('does not merge copies whose resources × operations would show a field where none was declared', () => {
		const operations = (resource: string, values: string[]): INodeProperties => ({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			options: values.map((value) => ({ name: value, value })),
			default: values[0],
			displayOptions: { show: { resource: [resource] } },
		});
		const field = (resource: string, operation: string): INodeProperties => ({ displayName: 'F', name: 'f', type: 'string', default: '', displayOptions: { show: { resource: [resource], operation: [operation] } } });
		// x:get and y:list declare f; x:list exists and does not, so the two stay apart.
		const merged = mergeRepeated([operations('x', ['get', 'list']), operations('y', ['list']), field('x', 'get'), field('y', 'list')]);
		expect(merged.filter((property) => property.name === 'f')).toHaveLength(2);
		const apart = mergeRepeated([operations('x', ['get']), operations('y', ['list']), field('x', 'get'), field('y', 'list')]);
		expect(apart.filter((property) => property.name === 'f').map((property) => property.displayOptions?.show)).toEqual([{ resource: ['x', 'y'], operation: ['get', 'list'] }]);
	});
});
