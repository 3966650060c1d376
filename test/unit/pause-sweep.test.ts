/**
 * The pause sweep (jobs/pause/sweep.ts, issue 43 finding 3) against a scripted service on
 * loopback: one that answers page 1 for every page made an unbounded sweep send 12,956 list
 * requests in 117 s. The sweep stops at a page it has seen, reads at most its page bound, runs at
 * most once per interval per process and account, and touches only what carries its exact label.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pauseChannelDescription, pauseWorkflowName, readPauseLabel } from '../../nodes/DocumentProcessing/jobs/pause/channel';
import { removeStalePauseWorkflows } from '../../nodes/DocumentProcessing/jobs/pause/pauseWorkflow';
import { SWEEP_LIMITS } from '../../nodes/DocumentProcessing/jobs/pause/sweep';
import { actionNode } from '../harness/action-node';
import { listenLocal, stopLocal } from './support/localServer';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const LONG_AGO = NOW - 3_600_000;
const ref = (index: number): string => index.toString(16).padStart(16, '0');

/** A page of 100 workflows: two stale pauses, one pause still running, a look-alike, and users' own. */
function pageOf(page: number): Array<{ id: string; name: string }> {
	return Array.from({ length: SWEEP_LIMITS.pageSize }, (_, index) => {
		const id = `wf-${page}-${index}`;
		if (index === 0) return { id, name: pauseWorkflowName('Nightly batch', '41', LONG_AGO, ref(page * 1000 + index)) };
		if (index === 1) return { id, name: pauseChannelDescription('42', LONG_AGO, ref(page * 1000 + index)) };
		if (index === 2) return { id, name: pauseWorkflowName('Nightly batch', '43', NOW + 3_600_000, ref(page * 1000 + index)) };
		if (index === 3) return { id, name: `n8n pause — my own workflow, execution 7 (until someday, ref ${ref(1)})` };
		return { id, name: `Invoices ${page}-${index}` };
	});
}

interface Script {
	/** What page the service answers when asked for page `asked`. */
	answer(asked: number): number;
}

function scriptedService(script: Script) {
	const log: string[] = [];
	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://x');
		log.push(`${req.method} ${url.pathname}${req.method === 'GET' && url.pathname === '/api/v1/workflows/' ? ` page=${url.searchParams.get('page')} before=${url.searchParams.get('created_before')}` : ''}`);
		res.setHeader('content-type', 'application/json');
		if (req.method === 'GET' && url.pathname === '/api/v1/workflows/') res.end(JSON.stringify(pageOf(script.answer(Number(url.searchParams.get('page'))))));
		else if (req.method === 'GET' && url.pathname.endsWith('/notifications/channels')) res.end('[]');
		else if (req.method === 'DELETE') res.end('{}');
		else {
			res.statusCode = 404;
			res.end('{"detail":"not found"}');
		}
	});
	return { server, log };
}

async function sweepAgainst(script: Script, apiKey = 'sweep-key') {
	const { server, log } = scriptedService(script);
	const base = await listenLocal(server);
	const call = { node: actionNode('sweep'), connection: { apiKey, baseUrl: base, partitionUrl: `${base}/general/v0/general` } };
	try {
		const started = Date.now();
		const first = await removeStalePauseWorkflows(call, NOW);
		const elapsedMs = Date.now() - started;
		const logged = log.length;
		const second = await removeStalePauseWorkflows(call, NOW + 60_000);
		return { first, second, elapsedMs, log: log.slice(0, logged), afterSecond: log.length - logged };
	} finally {
		await stopLocal(server);
	}
}

describe('the pause sweep', () => {
	it('stops at a page it has already seen: a service answering page 1 for every page costs two list requests', async () => {
		const result = await sweepAgainst({ answer: () => 1 });
		const lists = result.log.filter((line) => line.startsWith('GET /api/v1/workflows/ '));
		expect(lists).toHaveLength(2);
		// The narrowest listing documented: only workflows created before the stale limit.
		expect(lists[0]).toContain(`before=${new Date(NOW - 60_000).toISOString()}`);
		// Only the two stale pauses of page 1 were deleted (today's name and the earlier one).
		expect(result.log.filter((line) => line.startsWith('DELETE /api/v1/workflows/wf-'))).toEqual(['DELETE /api/v1/workflows/wf-1-0', 'DELETE /api/v1/workflows/wf-1-1']);
		expect(result.first).toEqual({ swept: true, removed: 2 });
		expect(result.elapsedMs).toBeLessThan(5_000);
	});

	it('reads at most its page bound from a service whose pages never end, then runs no more within the interval', async () => {
		const result = await sweepAgainst({ answer: (asked) => asked }, 'another-key');
		expect(result.log.filter((line) => line.startsWith('GET /api/v1/workflows/ '))).toHaveLength(SWEEP_LIMITS.maxPages);
		expect(result.first.removed).toBe(2 * SWEEP_LIMITS.maxPages);
		expect(result.second).toEqual({ swept: false, removed: 0 });
		expect(result.afterSecond).toBe(0);
	});

	it('names a pause workflow so a user recognises it, and reads its label back exactly', () => {
		const name = pauseWorkflowName('Nightly batch of a folder', '123', NOW, ref(5));
		expect(name).toBe(`n8n pause — Nightly batch of a folder, execution 123 (until 2026-11-28T12:00:00.000Z, ref ${ref(5)})`);
		expect(readPauseLabel(name)).toEqual({ ref: ref(5), deadline: NOW });
		expect(readPauseLabel(pauseWorkflowName('a, execution 9 (until x, ref y)', '1', NOW, ref(6)))).toEqual({ ref: ref(6), deadline: NOW });
		expect(readPauseLabel('n8n pause — Nightly batch, execution 123')).toBeUndefined();
		expect(pauseWorkflowName('x'.repeat(300), '1', NOW, ref(1)).length).toBeLessThanOrEqual(160);
	});
});
