/**
 * The action node's panels as the built package shows them (dist/, what n8n loads): few fields per
 * operation before the user touches anything, a subtitle in words, and option texts without
 * research notes. Needs `npm run build` first (CI builds before testing).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { operationsOf, shownByDefault } from './panels/displayOptions';
import { evaluateSubtitle } from './panels/subtitle';

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
const operations = operationsOf(description);

/** Title Case as n8n writes names: every word capitalised but the small ones. */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'per', 'the', 'to']);
const titleCase = (name: string): boolean => !name.includes('_') && name.split(' ').every((word) => SMALL_WORDS.has(word) || /^\(?[A-Z0-9]/.test(word));

/** Every text a user can read in option lists and field help, with where it is (option names end in " ›› name"). */
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
				found.push([`${at} ›› name`, name]);
				if (text) found.push([`${at} › ${name}`, text]);
			}
		}
	}
	return found;
}

describe('the action node’s panels (dist/)', () => {
	it(`shows at most ${MOST_FIELDS} fields per operation by default (5 for Process Files and Partition File)`, () => {
		const rows = operations.map(({ resource, operation, action }) => {
			const fields = shownByDefault(description, resource, operation);
			return { key: `${resource}/${operation}`, action, count: fields.length, names: fields.map((field) => field.displayName) };
		});
		process.stdout.write(
			`fields shown by default (resource and operation not counted):\n${rows.map((row) => `  ${String(row.count).padStart(2)}  ${row.action.padEnd(34)} ${row.names.join(', ')}`).join('\n')}\n`,
		);
		const over = (row: (typeof rows)[number]) => row.count > (MOST_FIELDS_FOR[row.key] ?? MOST_FIELDS);
		const tooMany = rows.filter((row) => over(row)).map((row) => `${row.action}: ${row.count} (${row.names.join(', ')})`);
		expect(tooMany).toEqual([]);
		expect(rows.length).toBeGreaterThan(30);
	});

	it('words actions as n8n does (sentence case, its lint rule), without articles', () => {
		const bad = operations.map((op) => op.action).filter((action) => !/^[A-Z][a-z]*( ([a-z]+|[A-Z]{2,}))*$/.test(action) || /\b(a|an|the)\b/i.test(action));
		expect(bad).toEqual([]);
		expect(operations.slice(0, 2).map((op) => op.action)).toEqual(['Partition file', 'Process files']);
	});

	it('has a subtitle in words for every operation, not the raw values', () => {
		const bad = operations
			.map(({ resource, operation }) => ({ resource, operation, subtitle: evaluateSubtitle(description.subtitle, { resource, operation }) }))
			.filter(({ resource, operation, subtitle }) => !subtitle.split(' · ').every(titleCase) || subtitle.split(' · ').length !== 2 || subtitle.includes(operation) || subtitle.includes(resource));
		expect(bad).toEqual([]);
		expect(evaluateSubtitle(description.subtitle, { resource: 'job', operation: 'process' })).toBe('Process Files · Job');
		const named = operations.filter(({ resource, operation, name, resourceName }) => evaluateSubtitle(description.subtitle, { resource, operation }) !== `${name} · ${resourceName}`);
		expect(named).toEqual([]);
	});

	it('keeps research notes, raw statuses and API field names out of option texts', () => {
		const NOTES = /documented by|the docs|non-operational|live reference|\(client\)|our research/i;
		const RAW_STATUS = /\b(SCHEDULED|IN_PROGRESS|COMPLETED|FAILED|STOPPED|SUCCESS|FAILURE|[A-Z]+_[A-Z_]+)\b/;
		const found = texts(description.properties);
		expect(found.filter(([, text]) => NOTES.test(text))).toEqual([]);
		expect(found.filter(([, text]) => RAW_STATUS.test(text))).toEqual([]);
		const sortAndSchedule = found.filter(([at]) => /(^|› )(Sort By|Schedule) ›› name$/.test(at));
		expect(sortAndSchedule.length).toBeGreaterThan(5);
		expect(sortAndSchedule.filter(([, name]) => !titleCase(name))).toEqual([]);
	});
});
