/**
 * Connector texts speak plain words (issue 46, editor finding 7): no snake_case API name such as
 * record_id or element_id in a description or hint of the connector table or of the Source and
 * Destination fields (any version). Placeholders are sample values and may show a real name.
 */
import type { INodeProperties } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';

const SNAKE = /\b[a-z0-9]+(?:_[a-z0-9]+)+\b/g;
/** A key named in quotes is a key the user types (as in Secret Config Keys), not an API word in prose. */
const unquoted = (text: string): string => text.replace(/"[^"]*"/g, '');
const CONNECTOR_RESOURCES = ['source', 'destination'];

function texts(property: INodeProperties, where: string): Array<[string, string]> {
	const own: Array<[string, string]> = [];
	const { description, hint } = property as { description?: unknown; hint?: unknown };
	if (typeof description === 'string') own.push([`${where} ${property.name}`, description]);
	if (typeof hint === 'string') own.push([`${where} ${property.name} (hint)`, hint]);
	for (const option of property.options ?? []) {
		if ('displayName' in option) own.push(...texts(option as INodeProperties, where));
		else if ('description' in option && typeof option.description === 'string') own.push([`${where} ${property.name} › ${option.name}`, option.description]);
	}
	return own;
}

describe('connector texts in plain words', () => {
	it('the connector table’s descriptions name no API field', () => {
		const found = CONNECTOR_TABLE.types.flatMap((type) =>
			[type.source, type.destination].flatMap((model) => (model?.fields ?? []).filter((f) => f.description.match(SNAKE)).map((f) => `${type.id} ${f.key}: ${f.description}`)),
		);
		expect(found).toEqual([]);
	});

	it('the Source and Destination fields’ descriptions and hints name no API field', () => {
		const properties = new DocumentProcessing().description.properties.filter((p) => (p.displayOptions?.show?.resource ?? []).some((r) => CONNECTOR_RESOURCES.includes(String(r))));
		expect(properties.length).toBeGreaterThan(100);
		const found = properties.flatMap((p) => texts(p, String(p.displayOptions?.show?.resource))).filter(([, text]) => unquoted(text).match(SNAKE) !== null);
		expect(found.map(([where, text]) => `${where}: ${unquoted(text).match(SNAKE)?.join(', ')}`)).toEqual([]);
	});
});
