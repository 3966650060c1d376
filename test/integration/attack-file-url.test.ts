/**
 * Attack suite, File URLs (issue 31 item 4): a server that trickles its answer cannot hold the
 * node past the download's overall deadline (not only its idle timeout), and an item with more
 * URLs than a job takes is refused before a single download.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { openRemoteFile } from '../../nodes/DocumentProcessing/transport/remoteFile';
import { actionNode } from '../harness/action-node';
import { executeNode } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

/** A loopback server that answers at once and then sends one byte every `everyMs`, forever. */
async function tricklingServer(everyMs: number, options: { headers: boolean }): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
	let hits = 0;
	const timers = new Set<NodeJS.Timeout>();
	const server = http.createServer((request, response) => {
		hits++;
		if (!options.headers) return;
		response.writeHead(200, { 'content-type': 'text/plain' });
		const timer = setInterval(() => response.write('x'), everyMs);
		timers.add(timer);
		request.socket.once('close', () => clearInterval(timer));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/slow.txt`,
		hits: () => hits,
		close: async () => {
			for (const timer of timers) clearInterval(timer);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
	for await (const piece of stream) void piece;
}

const download = (url: string, deadlineMs: number) =>
	openRemoteFile({ url, node: actionNode('attack'), itemIndex: 0, allowPrivate: true, maxBytes: 1024 * 1024, timeoutMs: 10_000, deadlineMs });

describe('attack: File URL downloads have an overall deadline', () => {
	it('stops a body that trickles one byte every 100 ms (idle timeout never reached) at the deadline', async () => {
		const server = await tricklingServer(100, { headers: true });
		try {
			const started = Date.now();
			const file = await download(server.url, 1_500);
			const error = await drain(file.stream).then(
				() => new Error('the trickle ended'),
				(failed: unknown) => failed as Error,
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(`The download of ${server.url} did not finish within 1.5 seconds`);
			expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
			expect(Date.now() - started).toBeLessThan(6_000);
		} finally {
			await server.close();
		}
	});

	it('stops a server that never sends its headers at the deadline', async () => {
		const server = await tricklingServer(100, { headers: false });
		try {
			const started = Date.now();
			const error = await download(server.url, 1_000).then(
				() => new Error('headers came'),
				(failed: unknown) => failed as Error,
			);
			expect(error.message).toBe(`The download of ${server.url} did not finish within 1 seconds`);
			expect(Date.now() - started).toBeLessThan(6_000);
		} finally {
			await server.close();
		}
	});
});

describe('attack: File URL count is checked before any download', () => {
	let service: TestService;
	beforeAll(async () => {
		service = await startTestService();
	});
	afterAll(async () => await service.stop());

	it('refuses twelve URLs on one item without downloading one', async () => {
		const server = await tricklingServer(1_000, { headers: true });
		try {
			const urls = Array.from({ length: 12 }, (_, index) => `${server.url}?file=${index}`).join('\n');
			const run = executeNode({
				nodeType: new DocumentProcessing(),
				parameters: { resource: 'job', operation: 'create', inputSource: 'url', fileUrl: urls, options: { allowPrivateUrls: true } },
				credentials: service.credentials,
			});
			const error = await failure(run);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe('Item 0 has 12 files; a job takes at most 10');
			expect(server.hits()).toBe(0);
			expect((await service.requests('/api/v1/jobs')).filter((request) => request.method === 'POST')).toHaveLength(0);
		} finally {
			await server.close();
		}
	});
});
