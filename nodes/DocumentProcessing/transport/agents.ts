import { Agent, Pool } from 'undici';
import { guardedConnector } from './addressGuard';

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

// A plain module-level map: n8n loads the package's node files from one folder, so they share
// this module instance.
const downloadAgents = new Map<string, Agent>();

/**
 * The dispatcher for file URLs: any origin, never the service's pools (which carry no key here but
 * are sized for the service). The guarded one refuses private addresses at connect time.
 */
export function downloadAgent(allowPrivate: boolean): Agent {
	const key = allowPrivate ? 'open' : 'guarded';
	let agent = downloadAgents.get(key);
	if (!agent || agent.closed || agent.destroyed) {
		const connect = { timeout: 30_000 };
		agent = new Agent({ keepAliveTimeout: 10_000, connect: allowPrivate ? connect : guardedConnector(connect) });
		downloadAgents.set(key, agent);
	}
	return agent;
}

/** For tests and the demo: lets the process exit without waiting for idle sockets. */
export async function closeAllPools(): Promise<void> {
	const all: Array<Pool | Agent> = [...pools.values(), ...downloadAgents.values()];
	pools.clear();
	downloadAgents.clear();
	await Promise.all(all.map(async (pool) => pool.close().catch(() => undefined)));
}
