/**
 * A workflow file started by a Webhook node, imported with a fresh webhook id and path and the
 * suite's credential, then published so its production URL (`/webhook/<path>`) runs it in the
 * server itself (not in a CLI process).
 */
import { randomUUID } from 'node:crypto';
import type { E2eN8n } from './setup';
import { loadWorkflow } from './workflow-file';

export async function publishedWebhookWorkflow(
	e2e: E2eN8n,
	file: string,
	credential: { id: string; name: string },
): Promise<{ workflowId: string; webhookPath: string }> {
	const webhookPath = `${file.replace(/\.json$/, '')}-${randomUUID().slice(0, 8)}`;
	const vars = { WEBHOOK_ID: randomUUID(), WEBHOOK_PATH: webhookPath, CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name };
	const workflowId = await e2e.importWorkflow(loadWorkflow(file, vars));
	await e2e.publish(workflowId);
	return { workflowId, webhookPath };
}
