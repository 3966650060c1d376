import { Agent, Pool, type Dispatcher, type ProxyAgent } from 'undici';
import { guardedConnector } from './addressGuard';
import { createProxyAgent, POOL_OPTIONS, routeFor, type Route } from './proxy';

// Process-wide so every node instance and every execution shares keep-alive connections. n8n
// `require`s both node files of the package from one folder, so Node's module cache gives them
// this one module instance (see CONTRIBUTING.md "Dependencies", process-wide state).
const pools = new Map<string, Pool>();
// Behind a proxy: one agent per proxy URL and use (it keeps a pool per target behind it).
const proxyAgents = new Map<string, ProxyAgent>();

/** One pooled keep-alive dispatcher per origin. */
export function poolFor(origin: string): Pool {
	let pool = pools.get(origin);
	if (!pool || pool.closed || pool.destroyed) {
		pool = new Pool(origin, {
			...POOL_OPTIONS,
			// Per-request timeouts are set by the caller; these only guard a stuck socket.
			connectTimeout: 30_000,
		});
		pools.set(origin, pool);
	}
	return pool;
}

function proxyAgentFor(use: 'service' | 'download', proxy: URL): ProxyAgent {
	const key = `${use} ${proxy.href}`;
	let agent = proxyAgents.get(key);
	// ProxyAgent has no `closed` flag: closeAllPools empties the map when it closes one.
	if (!agent) {
		agent = createProxyAgent(proxy, { connectTimeoutMs: 30_000, keepAliveTimeoutMs: use === 'download' ? 10_000 : undefined });
		proxyAgents.set(key, agent);
	}
	return agent;
}

export interface Routed {
	/** Undefined only when the route names an invalid proxy (`route.invalidProxy`). */
	dispatcher?: Dispatcher;
	route: Route;
}

/** The service's dispatcher for `url`: its keep-alive pool, or the proxy n8n's settings name for it. */
export function serviceDispatcher(url: URL): Routed {
	const route = routeFor(url);
	if (route.invalidProxy !== undefined) return { route };
	return { route, dispatcher: route.proxy ? proxyAgentFor('service', route.proxy) : poolFor(url.origin) };
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

/**
 * The dispatcher for one file URL hop. Behind a proxy the socket's address is the proxy's, so the
 * private-address check moves to the caller (`checkProxiedTarget`), which judges the target.
 */
export function downloadDispatcher(url: URL, allowPrivate: boolean): Routed {
	const route = routeFor(url);
	if (route.invalidProxy !== undefined) return { route };
	return { route, dispatcher: route.proxy ? proxyAgentFor('download', route.proxy) : downloadAgent(allowPrivate) };
}

/** For tests and the demo: lets the process exit without waiting for idle sockets. */
export async function closeAllPools(): Promise<void> {
	const all: Dispatcher[] = [...pools.values(), ...downloadAgents.values(), ...proxyAgents.values()];
	pools.clear();
	downloadAgents.clear();
	proxyAgents.clear();
	await Promise.all(all.map(async (pool) => pool.close().catch(() => undefined)));
}
