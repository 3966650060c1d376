/**
 * Node version 3 as the built package shows it (dist/, what n8n loads): few fields per operation
 * before the user touches anything, a subtitle in words, and option texts without research notes.
 * Needs `npm run build` first (CI builds before testing).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { isShown, operationsOf, shownByDefault } from './v3/displayOptions';
import { evaluateSubtitle } from './v3/subtitle';

const BUILT = path.join(__dirname, '..', '..', 'dist', 'nodes', 'DocumentProcessing', 'DocumentProcessing.node.js');
const MOST_FIELDS = 6;
/** The everyday actions get fewer. */
const MOST_FIELDS_FOR: Record<string, number> = { 'job/process': 5, 'document/partition': 5 };

function builtNode(): INodeType {
	if (!fs.existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build first`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const loaded = require(BUILT) as { DocumentProcessing: new () => INodeType };
	return new loaded.DocumentProcessing();
}

const { description } = builtNode();
const operations = operationsOf(description, 3);

/** Every text a v3 user can read in option lists and field help, with where it is. */
function texts(properties: INodeProperties[], where = ''): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	for (const property of properties) {
		const at = `${where}${property.displayName}`;
		for (const text of [property.description, property.hint, property.placeholder]) if (typeof text === 'string') found.push([at, text]);
		for (const option of property.options ?? []) {
			if ('values' in option) found.push(...texts((option as INodePropertyCollection).values, `${at} › `));
			else if ('type' in option) found.push(...texts([option as INodeProperties], `${at} › `));
			else {
				const { name, description: text } = option as INodePropertyOptions;
				found.push([at, name]);
				if (text) found.push([`${at} › ${name}`, text]);
			}
		}
	}
	return found;
}

/** The fields version 3 has (whatever the other choices): their `@version` conditions let 3 through. */
const versionOnly = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { '@version': property.displayOptions?.show?.['@version'] ?? [3] }, hide: { '@version': property.displayOptions?.hide?.['@version'] ?? [] } },
});
const v3Properties = description.properties.filter((property) => isShown(versionOnly(property), {}, 3));

describe('node version 3 (dist/)', () => {
	it('is the version a new node gets', () => {
		expect(description.version).toEqual([1, 2, 3]);
		expect(description.defaultVersion).toBe(3);
	});

	it(`shows at most ${MOST_FIELDS} fields per operation by default (5 for Process Files and Partition File)`, () => {
		const rows = operations.map(({ resource, operation, action }) => {
			const fields = shownByDefault(description, resource, operation, 3);
			return { key: `${resource}/${operation}`, action, count: fields.length, names: fields.map((field) => field.displayName) };
		});
		process.stdout.write(
			`fields shown by default in version 3 (resource and operation not counted):\n${rows.map((row) => `  ${String(row.count).padStart(2)}  ${row.action.padEnd(34)} ${row.names.join(', ')}`).join('\n')}\n`,
		);
		const tooMany = rows.filter((row) => row.count > (MOST_FIELDS_FOR[row.key] ?? MOST_FIELDS)).map((row) => `${row.action}: ${row.count} (${row.names.join(', ')})`);
		expect(tooMany).toEqual([]);
		expect(rows.length).toBeGreaterThan(30);
	});

	it('names every action as n8n does: Title Case words, no articles', () => {
		const bad = operations.map((op) => op.action).filter((action) => !/^([A-Z][a-z]*|[A-Z]+|by|for|as|to|of|from|in|per)( ([A-Z][a-z]*|[A-Z]+|by|for|as|to|of|from|in|per))*$/.test(action) || /\b(A|An|The)\b/.test(action));
		expect(bad).toEqual([]);
	});

	it('has a subtitle in words for every operation, not the raw values', () => {
		const bad = operations
			.map(({ resource, operation }) => ({ resource, operation, subtitle: evaluateSubtitle(description.subtitle, { resource, operation }, 3) }))
			.filter(({ resource, operation, subtitle }) => !/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)* · [A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/.test(subtitle) || subtitle.includes(operation) || subtitle.includes(resource));
		expect(bad).toEqual([]);
		expect(evaluateSubtitle(description.subtitle, { resource: 'job', operation: 'process' }, 3)).toBe('Process Files · Job');
	});

	it('keeps research notes, raw statuses and API field names out of option texts', () => {
		const NOTES = /documented by|the docs|non-operational|live reference|\(client\)|our research/i;
		const RAW_STATUS = /\b[A-Z]+_[A-Z_]+\b/;
		const found = texts(v3Properties);
		expect(found.filter(([, text]) => NOTES.test(text))).toEqual([]);
		expect(found.filter(([, text]) => RAW_STATUS.test(text))).toEqual([]);
		const SMALL = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'per', 'the', 'to']);
		const titleCase = (name: string): boolean => !name.includes('_') && name.split(' ').every((word) => SMALL.has(word) || /^\(?[A-Z0-9]/.test(word));
		const sortAndSchedule = found.filter(([at]) => /(^|› )(Sort By|Schedule)$/.test(at));
		expect(sortAndSchedule.length).toBeGreaterThan(5);
		expect(sortAndSchedule.filter(([, name]) => !titleCase(name))).toEqual([]);
	});
});
