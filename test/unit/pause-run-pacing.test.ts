/**
 * Pause mode's workflow runs are launched like on-demand jobs (issue 44 finding 4): one at a time,
 * the Options' spacing after the previous answer, and a 429 waited out (its Retry-After) and sent
 * again rather than failing the run, against a scripted service on loopback.
 */
import { createServer, type Server } from 'node:http';
import { runWorkflow } from '../../nodes/DocumentProcessing/api/jobs';
import { actionNode } from '../harness/action-node';
import { listenLocal, stopLocal } from './support/localServer';

const job = (id: string) => ({ id, status: 'SCHEDULED', workflow_id: 'wf', workflow_name: 'pause', created_at: new Date().toISOString() });
const file = { fileName: 'a.md', itemIndex: 0, property: 'data', mimeType: 'text/markdown', size: 3, open: async () => Buffer.from('abc') };

describe('paced workflow runs', () => {
	let server: Server;
	let base = '';
	const arrivals: number[] = [];
	let refuseNext = 0;

	beforeAll(async () => {
		server = createServer((req, res) => {
			req.resume();
			req.on('end', () => {
				arrivals.push(Date.now());
				res.setHeader('content-type', 'application/json');
				if (refuseNext > 0) {
					refuseNext--;
					res.statusCode = 429;
					res.setHeader('retry-after', '1');
					res.end('{"detail":"Rate limit exceeded"}');
					return;
				}
				res.statusCode = 202;
				res.end(JSON.stringify(job(`run-${arrivals.length}`)));
			});
		});
		base = await listenLocal(server);
	});
	afterAll(async () => await stopLocal(server));
	beforeEach(() => {
		arrivals.length = 0;
		refuseNext = 0;
	});

	const call = () => ({ node: actionNode('runs'), connection: { apiKey: 'sk-runs', baseUrl: base, partitionUrl: `${base}/general/v0/general` } });

	it('sends runs launched side by side one at a time, the spacing apart', async () => {
		await Promise.all([1, 2, 3, 4].map(async () => await runWorkflow(call(), 'wf', [file], { spacingMs: 300 })));
		const gaps = arrivals.slice(1).map((at, index) => at - arrivals[index]);
		expect(gaps).toHaveLength(3);
		for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(280);
	});

	it('waits out a 429 and sends the run again', async () => {
		refuseNext = 1;
		const run = await runWorkflow(call(), 'wf', [file], { spacingMs: 0 });
		expect(run.id).toBe('run-2');
		expect(arrivals).toHaveLength(2);
		expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(950);
	});
});
