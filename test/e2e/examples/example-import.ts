/**
 * Brings an example of examples/ into n8n the way a user does: *Import from File* puts the file's
 * workflow on the canvas, *Save* sends it to `POST /rest/workflows`, and n8n swaps each credential
 * reference whose id it does not know for the user's credential of the same name and type (its
 * `replaceInvalidCredentials`). So the file goes in unchanged; the test only creates credentials
 * of the names the examples use, pointing at loopback stand-ins.
 *
 * A few values cannot be pointed at loopback through a credential: a folder, a webhook address,
 * and the private-address guard of a File URL. Each is a documented placeholder that the
 * example's sticky note tells the user to change; `TestChange` names it, the value the file must
 * hold, and why, and nothing else of the file is touched.
 *
 * One thing the editor itself changes on import: a Form Trigger gets a new random webhook id
 * (n8n 2.40.7's `importWorkflowData` renews it for every Form Trigger; one without gets one when
 * it is put on the canvas), and a Form Trigger without a Form Path answers at `/form/<that id>`.
 * `importExample` does the same, so the form's address is known only from the saved workflow.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../lib/config';
import type { N8nRestSession } from '../lib/rest';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

/** The credential names the examples reference (a user's first credential of each type gets these names). */
export const EXAMPLE_CREDENTIALS = { documentProcessing: 'Document Processing account', openAi: 'OpenAI account', postgres: 'Postgres account' } as const;

export interface ExampleNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string | null; name: string }>;
	webhookId?: string;
}

export interface ExampleWorkflow {
	name: string;
	nodes: ExampleNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** One documented placeholder the test replaces: `node`'s parameter (a dot path) from `shipped` to `value`. */
export interface TestChange {
	node: string;
	parameter: string;
	shipped: unknown;
	value: unknown;
	why: string;
}

export function readExample(file: string): ExampleWorkflow {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as ExampleWorkflow;
}

export function exampleNode(workflow: ExampleWorkflow, name: string): ExampleNode {
	const node = workflow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`the example "${workflow.name}" has no node "${name}"`);
	return node;
}

/** Sets one parameter (a dot path below `parameters`), after checking the file holds the documented value. */
function applyChange(workflow: ExampleWorkflow, change: TestChange): void {
	const keys = change.parameter.split('.');
	const last = keys.pop() as string;
	let holder: Record<string, unknown> = exampleNode(workflow, change.node).parameters;
	for (const key of keys) holder = holder[key] as Record<string, unknown>;
	// An absent parameter holds its default; the change says which default it expects.
	expect({ [change.parameter]: holder[last] }).toEqual({ [change.parameter]: change.shipped });
	holder[last] = change.value;
}

const FORM_TRIGGER = 'n8n-nodes-base.formTrigger';
/** The node types of the examples that have webhooks (the editor reads this from each node type). */
const WEBHOOK_TYPES = new Set([FORM_TRIGGER, '@n8n/n8n-nodes-langchain.chatTrigger', 'n8n-nodes-base.webhook']);

/** The webhook nodes an example ships without an id, so no two users share an address. */
export function triggersWithoutWebhookIds(workflow: ExampleWorkflow): string[] {
	return workflow.nodes.filter((node) => WEBHOOK_TYPES.has(node.type) && node.webhookId === undefined).map((node) => node.name);
}

/**
 * What the editor's *Import from File* does to webhook nodes: each Form Trigger gets a fresh
 * webhook id (its path too, where the path was the old id), any other webhook node without an id
 * gets one (its `resolveNodeWebhook`).
 */
function renewWebhookIds(workflow: ExampleWorkflow): void {
	for (const node of workflow.nodes.filter((candidate) => WEBHOOK_TYPES.has(candidate.type))) {
		if (node.type !== FORM_TRIGGER) {
			node.webhookId ??= randomUUID();
			continue;
		}
		const old = node.webhookId;
		node.webhookId = randomUUID();
		const options = node.parameters.options as { path?: string } | undefined;
		if (old !== undefined && node.parameters.path === old) node.parameters.path = node.webhookId;
		if (old !== undefined && options?.path === old) options.path = node.webhookId;
	}
}

/** The production address of a saved workflow's Form Trigger: its Form Path if it has one, else its webhook id (as n8n's Form Trigger 2.x does). */
export function formUrl(n8nUrl: string, saved: ExampleWorkflow, triggerName: string): string {
	const node = exampleNode(saved, triggerName);
	if (node.type !== FORM_TRIGGER) throw new Error(`"${triggerName}" is a ${node.type}, not a Form Trigger`);
	const options = node.parameters.options as { path?: string } | undefined;
	const path = (node.parameters.path as string | undefined) || options?.path || node.webhookId;
	if (!path) throw new Error(`the Form Trigger "${triggerName}" has neither a Form Path nor a webhook id`);
	return `${n8nUrl}/form/${path}`;
}

export interface ImportedExample {
	id: string;
	/** The workflow as n8n saved it (credential references resolved). */
	saved: ExampleWorkflow;
}

/** Imports an example as the editor saves it, with only the documented test changes. */
export async function importExample(rest: N8nRestSession, file: string, changes: TestChange[] = []): Promise<ImportedExample> {
	const workflow = readExample(file);
	for (const change of changes) applyChange(workflow, change);
	renewWebhookIds(workflow);
	const saved = await rest.request<ExampleWorkflow & { id: string }>('POST', '/rest/workflows', workflow);
	return { id: saved.id, saved };
}

/** The credential ids the saved workflow's nodes use, by credential type. */
export function credentialIdsOf(workflow: ExampleWorkflow): Record<string, Array<string | null>> {
	const ids: Record<string, Array<string | null>> = {};
	for (const node of workflow.nodes) {
		for (const [type, reference] of Object.entries(node.credentials ?? {})) (ids[type] ??= []).push(reference.id);
	}
	return ids;
}
