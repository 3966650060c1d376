/**
 * The list of supported connector types in docs/connectors.md, written from the connector table
 * between two markers so that it cannot drift from what the node offers.
 */
'use strict';

const START = '<!-- connector-types:start (written by scripts/connectors/generate.js) -->';
const END = '<!-- connector-types:end -->';

function required(model) {
	if (!model) return '';
	if (model.model === null) return 'no documented fields: Config (JSON)';
	const names = model.fields.filter((field) => field.required).map((field) => (field.secret ? `${field.label} 🔒` : field.label));
	return names.length > 0 ? names.join(', ') : '(none)';
}

function renderDocsTable(table) {
	const rows = table.types.map((type) => `| ${type.name} | \`${type.id}\` | ${required(type.source) || '–'} | ${required(type.destination) || '–'} |`);
	return [
		START,
		`From ${table.client.package} ${table.client.version} (commit \`${table.client.commit.slice(0, 12)}\`): ${table.types.filter((t) => t.source).length} source and ${table.types.filter((t) => t.destination).length} destination types. 🔒 marks a secret.`,
		'',
		'| Type | Id | Source: required fields | Destination: required fields |',
		'|---|---|---|---|',
		...rows,
		END,
	].join('\n');
}

/** The page with its marked section replaced (the markers must be there). */
function withDocsTable(page, table) {
	const start = page.indexOf(START);
	const end = page.indexOf(END);
	if (start < 0 || end < start) throw new Error('docs/connectors.md has no connector-types markers');
	return page.slice(0, start) + renderDocsTable(table) + page.slice(end + END.length);
}

module.exports = { withDocsTable };
