import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../api/context';
import { CHECK_DONE, getConnectionCheck, startConnectionCheck, type ConnectionCheck, type ConnectorKind } from '../api/connectors';
import { pollDelay, type PollSchedule } from '../async/polling';
import { sleep } from '../async/sleep';

export interface CheckWait {
	schedule: PollSchedule;
	timeoutMs: number;
}

type Check = IDataObject & ConnectionCheck;

const isDone = (check: Check): boolean => (CHECK_DONE as readonly string[]).includes(check.status);

/**
 * The latest check answers for ours when it is ours or was started after it; an older one (a
 * read that does not yet see ours) is not our result.
 */
function answersFor(latest: Check, started: Check): boolean {
	if (latest.id === started.id) return true;
	const latestAt = Date.parse(latest.created_at ?? '');
	const startedAt = Date.parse(started.created_at ?? '');
	return Number.isFinite(latestAt) && Number.isFinite(startedAt) && latestAt >= startedAt;
}

/** Starts a connection check; with `wait`, reads the latest check until it reports SUCCESS or FAILURE. */
export async function checkConnection(call: CallContext, kind: ConnectorKind, id: string, wait?: CheckWait): Promise<Check> {
	const started = await startConnectionCheck(call, kind, id);
	if (!wait || isDone(started)) return started;
	const deadline = Date.now() + wait.timeoutMs;
	let latest = started;
	for (let poll = 0; ; poll++) {
		await sleep(Math.min(pollDelay(poll, wait.schedule), Math.max(0, deadline - Date.now())), call.signal);
		latest = await getConnectionCheck(call, kind, id);
		if (isDone(latest) && answersFor(latest, started)) return latest;
		if (Date.now() >= deadline) break;
	}
	throw new NodeOperationError(call.node, `The connection check of ${kind} connector "${id}" reported no result within ${wait.timeoutMs / 1000} seconds (last status: ${latest.status})`, {
		itemIndex: call.itemIndex,
		description: `The check keeps running at the service. Raise Options › Timeout (Seconds) and run Check Connection again.`,
	});
}
