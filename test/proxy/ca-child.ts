/**
 * Run in a child process by test/integration/proxy-ca.test.ts: Node reads its trusted authorities
 * (NODE_EXTRA_CA_CERTS, --use-openssl-ca with SSL_CERT_DIR) only at start-up. Calls the service at
 * each URL of argv through the package's transport and prints one JSON line per call.
 */
import { z } from 'zod';
import { callService, closeAllPools } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';

async function main(): Promise<void> {
	for (const base of process.argv.slice(2)) {
		try {
			const answer = await callService(
				{ node: actionNode('ca'), connection: { apiKey: 'sk-ca-test', baseUrl: base, partitionUrl: `${base}/general/v0/general` }, retry: { maxAttempts: 1 } },
				{ method: 'GET', path: '/things/1', endpoint: 'GET /api/v1/things/{id}', idempotent: true, schema: z.object({ id: z.string() }) },
			);
			process.stdout.write(`${JSON.stringify({ base, ok: true, answer })}\n`);
		} catch (error) {
			const { message, description } = error as { message: string; description?: string };
			process.stdout.write(`${JSON.stringify({ base, ok: false, message, description })}\n`);
		}
	}
	await closeAllPools();
}

void main();
