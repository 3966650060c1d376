import { createHash } from 'node:crypto';
import type { CallContext } from '../../api/context';
import { listWorkflows, type Workflow } from '../../api/workflows';
import { readPauseLabel, STALE_AFTER_DEADLINE_MS } from './channel';

/**
 * The sweep of pause workflows left behind by pauses that ended by their time limit (no node code
 * runs then). It must never cost a pause more than a moment, whatever the service answers: one
 * service answered page 1 for every page and an unbounded sweep sent 12,956 list requests in 117 s
 * before the pause's first launch. So it is bounded in pages, requests and time, stops at a page it
 * has seen, runs at most once per interval per n8n process and account, and runs beside the
 * launches (pauseWorkflow.ts), never before them.
 */
export const SWEEP_LIMITS = {
	/** At most once per this interval per n8n process and account. */
	intervalMs: 10 * 60_000,
	pageSize: 100,
	/** 1,000 of the oldest workflows created before the stale limit: leftovers are swept oldest first. */
	maxPages: 10,
	/** No new request starts after this; one request waits at most requestTimeoutMs. */
	maxMs: 20_000,
	requestTimeoutMs: 10_000,
};

// One module instance per n8n process, shared by both nodes (see transport/agents.ts).
const lastSweep = new Map<string, number>();

function accountKey(call: CallContext): string {
	const key = createHash('sha256').update(call.connection.apiKey).digest('hex').slice(0, 16);
	return `${call.connection.baseUrl} ${key}`;
}

/** Claims this interval's sweep for the account; false when another pause of this process had it. */
function claimSweep(call: CallContext, now: number): boolean {
	const key = accountKey(call);
	const last = lastSweep.get(key);
	if (last !== undefined && now - last < SWEEP_LIMITS.intervalMs) return false;
	lastSweep.set(key, now);
	return true;
}

/**
 * The pause workflows whose time limit passed, from the narrowest listing the service documents:
 * only workflows created before the stale limit (a newer one cannot be stale: its deadline lies
 * after its creation), oldest first. The name filter matches one whole name, and every pause
 * workflow's name is its own, so it cannot narrow further. A page equal to one already read (a
 * service ignoring `page`) ends the listing.
 */
async function stalePauseWorkflows(call: CallContext, now: number, startedAt: number): Promise<Workflow[]> {
	const stale: Workflow[] = [];
	const seenPages = new Set<string>();
	const bounded = { ...call, timeoutMs: SWEEP_LIMITS.requestTimeoutMs, retry: { maxAttempts: 1 } };
	const query = { created_before: new Date(now - STALE_AFTER_DEADLINE_MS).toISOString(), sort_by: 'created_at', sort_direction: 'asc' as const };
	for (let page = 1; page <= SWEEP_LIMITS.maxPages && Date.now() - startedAt < SWEEP_LIMITS.maxMs; page++) {
		const batch = await listWorkflows(bounded, { ...query, page, page_size: SWEEP_LIMITS.pageSize });
		const key = batch.map((workflow) => workflow.id).join(',');
		if (seenPages.has(key)) break;
		seenPages.add(key);
		for (const workflow of batch) {
			const label = readPauseLabel(workflow.name);
			if (label !== undefined && label.deadline + STALE_AFTER_DEADLINE_MS < now) stale.push(workflow);
		}
		if (batch.length < SWEEP_LIMITS.pageSize) break;
	}
	return stale;
}

/**
 * Deletes stale pause workflows (with their channels) through `remove`, within the sweep's bounds.
 * Best effort: a failure ends this sweep, the next interval's sweep tries again; a leftover
 * workflow holds nothing but its name. Returns how many list requests and deletions it made.
 */
export async function sweepStalePauseWorkflows(
	call: CallContext,
	remove: (call: CallContext, workflowId: string) => Promise<void>,
	now = Date.now(),
): Promise<{ swept: boolean; removed: number }> {
	if (!claimSweep(call, now)) return { swept: false, removed: 0 };
	const startedAt = Date.now();
	let removed = 0;
	try {
		for (const workflow of await stalePauseWorkflows(call, now, startedAt)) {
			if (Date.now() - startedAt >= SWEEP_LIMITS.maxMs) break;
			await remove({ ...call, timeoutMs: SWEEP_LIMITS.requestTimeoutMs, retry: { maxAttempts: 1 } }, workflow.id);
			removed++;
		}
	} catch {
		// See above: the next interval's sweep tries again.
	}
	return { swept: true, removed };
}
