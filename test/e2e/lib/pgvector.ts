/**
 * A real Postgres with the pgvector extension, on loopback, started by the test itself: PGlite
 * (Postgres 17 compiled to WebAssembly, @electric-sql/pglite) with pgvector
 * (@electric-sql/pglite-pgvector), served over the Postgres wire protocol by
 * @electric-sql/pglite-socket, so n8n's own `pg` driver talks to it as to any server. Debian has
 * no pgvector package here, hence this rather than a system Postgres. It runs in a child process
 * (pgvector-server.mjs).
 *
 * PGlite is a single-connection database; the socket server multiplexes client connections
 * onto it (one query at a time, a transaction's queries kept together) and refuses connections
 * past its `maxConnections` (default 1). n8n's Postgres node and PGVector node each keep a pool,
 * so the server takes CONNECTIONS and the credential asks for at most CREDENTIAL_POOL per pool.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './config';

const CONNECTIONS = 32;
export const CREDENTIAL_POOL = 4;

export interface Pgvector {
	port: number;
	/** n8n's Postgres credential (type `postgres`) for this server. */
	credential: Record<string, unknown>;
	/** A query from the test itself (queued with n8n's on the one database). */
	query<T>(sql: string, params?: unknown[]): Promise<T[]>;
	close(): Promise<void>;
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: string };

export async function startPgvector(): Promise<Pgvector> {
	const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'pgvector-server.mjs'), String(CONNECTIONS)], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
	});
	const port = await new Promise<number>((resolve, reject) => {
		let out = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0] as string) as { port: number }).port);
		});
		child.once('exit', (code) => reject(new Error(`the pgvector server ended with ${code} before listening`)));
		child.once('error', reject);
	});
	const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
	let nextId = 0;
	child.on('message', (answer: Answer) => {
		const waiting = pending.get(answer.id);
		pending.delete(answer.id);
		if ('error' in answer) waiting?.reject(new Error(answer.error));
		else waiting?.resolve(answer.rows);
	});
	return {
		port,
		credential: { host: '127.0.0.1', port, database: 'postgres', user: 'postgres', password: 'postgres', ssl: 'disable', maxConnections: CREDENTIAL_POOL },
		query: async <T>(sql: string, params: unknown[] = []) =>
			await new Promise<T[]>((resolve, reject) => {
				const id = nextId++;
				pending.set(id, { resolve: (rows) => resolve(rows as T[]), reject });
				child.send({ id, sql, params });
			}),
		close: async () => {
			if (child.exitCode !== null) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		},
	};
}
