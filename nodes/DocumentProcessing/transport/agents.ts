import { Pool } from 'undici';

// Process-wide so every node instance and every execution shares keep-alive connections. n8n
// `require`s both node files of the package from one folder, so Node's module cache gives them
// this one module instance (see README "Dependencies", process-wide state).
const pools = new Map<string, Pool>();

/** One pooled keep-alive dispatcher per origin. */
export function poolFor(origin: string): Pool {
	let pool = pools.get(origin);
	if (!pool || pool.closed || pool.destroyed) {
		pool = new Pool(origin, {
			connections: 32,
			keepAliveTimeout: 30_000,
			keepAliveMaxTimeout: 120_000,
			// Per-request timeouts are set by the caller; these only guard a stuck socket.
			connectTimeout: 30_000,
		});
		pools.set(origin, pool);
	}
	return pool;
}

/** For tests and the demo: lets the process exit without waiting for idle sockets. */
export async function closeAllPools(): Promise<void> {
	const all = [...pools.values()];
	pools.clear();
	await Promise.all(all.map(async (pool) => pool.close().catch(() => undefined)));
}
