/**
 * Examples whose triggers ship without a webhook id (so no two users share a form's address):
 * the editor's *Import from File* gives every node with a webhook and no id a fresh random id
 * (its `resolveNodeWebhook`), and a Form Trigger without a Path answers at `/form/<that id>`.
 * The import here does the same, and nothing else of the file changes.
 */
import { randomUUID } from 'node:crypto';
import type { N8nRestSession } from '../lib/rest';
import { readExample, type ExampleWorkflow, type ImportedExample } from './example-import';

/** The node types of the examples that have webhooks (the editor reads this from each node type). */
const WEBHOOK_TYPES = new Set(['n8n-nodes-base.formTrigger', '@n8n/n8n-nodes-langchain.chatTrigger', 'n8n-nodes-base.webhook']);

export function triggersWithoutWebhookIds(workflow: ExampleWorkflow): string[] {
	return workflow.nodes.filter((node) => WEBHOOK_TYPES.has(node.type) && node.webhookId === undefined).map((node) => node.name);
}

export async function importWithFreshWebhookIds(rest: N8nRestSession, file: string): Promise<ImportedExample> {
	const workflow = readExample(file);
	for (const node of workflow.nodes) if (WEBHOOK_TYPES.has(node.type) && node.webhookId === undefined) node.webhookId = randomUUID();
	const saved = await rest.request<ExampleWorkflow & { id: string }>('POST', '/rest/workflows', workflow);
	return { id: saved.id, saved };
}

/** A form's production address: n8n's random id, as the Form Trigger has no Path. */
export function formUrl(n8nUrl: string, workflow: ExampleWorkflow, trigger: string): string {
	const node = workflow.nodes.find((candidate) => candidate.name === trigger);
	if (!node?.webhookId) throw new Error(`"${trigger}" has no webhook id`);
	return `${n8nUrl}/form/${node.webhookId}`;
}
