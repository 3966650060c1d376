/**
 * Publishing (activating) workflows on a running server. In n8n 2.40.7 the REST call only records
 * the request in `workflow_publication_outbox`; a background drain then activates the triggers
 * (registers webhooks, runs trigger nodes' webhookMethods.create) a few hundred ms later. So a
 * test that calls a webhook right after the REST answer gets a 404. These helpers wait for the
 * outbox entry to finish and surface activation errors. n8n 1.x has no outbox: its REST call
 * activates the triggers before it answers (and answers with the activation error).
 */
import { sql } from './executions';
import { sleep } from './proc';
import type { N8nRestSession } from './rest';

interface OutboxRow {
	id: number;
	status: 'pending' | 'in_progress' | 'completed' | 'partial_success' | 'failed';
	errorMessage: string | null;
}

const outboxKnown = new Map<string, boolean>();

/** Whether the folder's n8n queues publications (2.x) or activates within the REST call (1.x). */
async function hasOutbox(userFolder: string): Promise<boolean> {
	let known = outboxKnown.get(userFolder);
	if (known === undefined) {
		const rows = await sql<{ n: number }>(
			userFolder,
			"SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'workflow_publication_outbox'",
		);
		known = (rows[0]?.n ?? 0) > 0;
		outboxKnown.set(userFolder, known);
	}
	return known;
}

async function lastOutboxId(userFolder: string, workflowId: string): Promise<number> {
	const rows = await sql<{ max: number | null }>(
		userFolder,
		'SELECT MAX(id) AS max FROM workflow_publication_outbox WHERE workflowId = ?',
		[workflowId],
	);
	return rows[0]?.max ?? 0;
}

/** Waits until every outbox entry of the workflow newer than `afterId` is done; throws on failure. */
export async function waitForPublication(
	userFolder: string,
	workflowId: string,
	afterId: number,
	timeoutMs = 30_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const rows = await sql<OutboxRow>(
			userFolder,
			'SELECT id, status, errorMessage FROM workflow_publication_outbox WHERE workflowId = ? AND id > ? ORDER BY id',
			[workflowId, afterId],
		);
		const failed = rows.find((r) => r.status === 'failed' || r.status === 'partial_success');
		if (failed) {
			throw new Error(`publication of workflow ${workflowId} ended ${failed.status}: ${failed.errorMessage ?? '(no message)'}`);
		}
		if (rows.length > 0 && rows.every((r) => r.status === 'completed')) return;
		if (Date.now() > deadline) {
			throw new Error(`publication of workflow ${workflowId} not done after ${timeoutMs} ms: ${JSON.stringify(rows)}`);
		}
		await sleep(100);
	}
}

/** Publishes through the REST API and waits until the server has activated the triggers. */
export async function publishWorkflow(rest: N8nRestSession, userFolder: string, workflowId: string): Promise<void> {
	if (!(await hasOutbox(userFolder))) {
		await rest.publishWorkflow(workflowId);
		return;
	}
	const before = await lastOutboxId(userFolder, workflowId);
	await rest.publishWorkflow(workflowId);
	await waitForPublication(userFolder, workflowId, before);
}

/** Unpublishes through the REST API and waits until the triggers are deactivated. */
export async function unpublishWorkflow(rest: N8nRestSession, userFolder: string, workflowId: string): Promise<void> {
	if (!(await hasOutbox(userFolder))) {
		await rest.unpublishWorkflow(workflowId);
		return;
	}
	const before = await lastOutboxId(userFolder, workflowId);
	await rest.unpublishWorkflow(workflowId);
	await waitForPublication(userFolder, workflowId, before);
}
