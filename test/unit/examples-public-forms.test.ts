/**
 * Issue 43, finding 6: the upload examples publish public forms, and every file they accept costs
 * a paid request. What the files must hold, read without n8n (the e2e test in
 * test/e2e/examples/public-forms.example.ts runs them): no fixed form address, a check on type and
 * size before the service node, the accepted types the same as the file field's list, and a note
 * on who can reach the form and how to turn on Basic Auth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');
const SERVICE_NODE = 'n8n-nodes-document-processing.documentProcessing';

interface Node {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	webhookId?: string;
}
interface Workflow {
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}
interface Condition {
	leftValue: string;
	rightValue: unknown;
	operator: { type: string; operation: string };
}

const FORMS = [
	{ file: 'upload-form-document-text.json', trigger: 'Upload a Document', check: 'Accepted File?', refusal: 'Refuse the File' },
	{ file: 'invoice-fields-to-spreadsheet.json', trigger: 'Upload Invoices', check: 'Accepted Files?', refusal: 'Refuse the Files' },
];

function load(file: string): Workflow {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Workflow;
}

function node(workflow: Workflow, name: string): Node {
	const found = workflow.nodes.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`no node "${name}"`);
	return found;
}

function next(workflow: Workflow, name: string, output = 0): string[] {
	return (workflow.connections[name]?.main[output] ?? []).map((target) => target.node);
}

/** Every node reachable from `start` without passing `stop`. */
function reachable(workflow: Workflow, start: string, stop: string): Set<string> {
	const seen = new Set<string>();
	const queue = [start];
	while (queue.length > 0) {
		const name = queue.shift() as string;
		if (seen.has(name) || name === stop) continue;
		seen.add(name);
		for (const outputs of workflow.connections[name]?.main ?? []) queue.push(...outputs.map((target) => target.node));
	}
	return seen;
}

/** The extensions a condition accepts: from the If's regex operator, or the regex literal inside an expression. */
function typePattern(conditions: Condition[]): RegExp {
	const regex = conditions.find((condition) => condition.operator.operation === 'regex');
	if (regex) return new RegExp(String(regex.rightValue), 'i');
	const literal = conditions.map((condition) => /\/(\\\.\([^)]*\)\$)\/i/.exec(condition.leftValue)).find(Boolean);
	if (!literal) throw new Error('no file type condition');
	return new RegExp(literal[1], 'i');
}

describe.each(FORMS)('examples/$file as a public form', ({ file, trigger, check, refusal }) => {
	const workflow = load(file);
	const form = node(workflow, trigger);

	it('has no fixed address: no Form Path and no webhook id, so the import gives the form a random one', () => {
		expect(form.type).toBe('n8n-nodes-base.formTrigger');
		expect(form.webhookId).toBeUndefined();
		expect(form.parameters.path).toBeUndefined();
		expect((form.parameters.options as Record<string, unknown>).path).toBeUndefined();
	});

	it('reaches the service only through the check, whose other branch answers the form', () => {
		expect(next(workflow, trigger)).toEqual([check]);
		expect(node(workflow, check).type).toBe('n8n-nodes-base.if');
		const beforeCheck = [...reachable(workflow, trigger, check)].map((name) => node(workflow, name).type);
		expect(beforeCheck).not.toContain(SERVICE_NODE);
		expect(next(workflow, check, 0).map((name) => node(workflow, name).type)).toEqual([SERVICE_NODE]);
		expect(next(workflow, check, 1)).toEqual([refusal]);
		expect(node(workflow, refusal)).toMatchObject({ type: 'n8n-nodes-base.form', parameters: { operation: 'completion' } });
		expect(String(node(workflow, refusal).parameters.completionMessage)).toContain('10 MB');
	});

	it('accepts exactly the types of the file field, case aside, and checks the size against 10 MB', () => {
		const conditions = (node(workflow, check).parameters.conditions as { conditions: Condition[]; combinator: string }).conditions;
		expect((node(workflow, check).parameters.conditions as { combinator: string }).combinator).toBe('and');
		const pattern = typePattern(conditions);
		const field = (form.parameters.formFields as { values: Array<{ acceptFileTypes: string }> }).values[0];
		const accepted = field.acceptFileTypes.split(',').map((type) => type.trim());
		for (const extension of accepted) {
			expect({ extension, accepted: pattern.test(`invoice${extension}`) && pattern.test(`INVOICE${extension.toUpperCase()}`) }).toEqual({ extension, accepted: true });
		}
		for (const name of ['setup.exe', 'drawing.svg', 'invoice.pdf.exe', 'page.html.js', 'pdf', 'invoice.pdfx', 'archive.zip']) {
			expect({ name, accepted: pattern.test(name) }).toEqual({ name, accepted: false });
		}
		expect(JSON.stringify(conditions)).toMatch(/10000000/);
	});

	it('has a note saying who can reach the form and how to turn on Basic Auth', () => {
		const notes = workflow.nodes.filter((candidate) => candidate.type === 'n8n-nodes-base.stickyNote').map((note) => String(note.parameters.content));
		const note = notes.find((content) => content.includes('Who can use this form'));
		expect(note).toBeDefined();
		expect(note).toMatch(/Anyone who has its address/);
		expect(note).toContain(`open **${trigger}**, set *Authentication* to **Basic Auth**`);
		expect(note).toContain(`**${check}**`);
	});
});
