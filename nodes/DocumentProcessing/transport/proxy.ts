import { getProxyForUrl } from 'proxy-from-env';
import { Pool, ProxyAgent } from 'undici';
import { addressWithoutCredentials } from './redact';

/**
 * Outbound proxy routing, decided per request exactly as n8n routes its own nodes' requests:
 * n8n's HTTP helpers ask `proxy-from-env` (the same package and version as n8n 2.x's
 * @n8n/backend-network) which proxy a URL goes through. That settles everything n8n's users
 * configure and this package must not read itself: HTTP_PROXY / HTTPS_PROXY / ALL_PROXY (a
 * lowercase variable wins over its uppercase twin, an https:// target never falls back to
 * HTTP_PROXY), and NO_PROXY (`*`, exact host names, `.domain` / `*.domain` suffixes, `host:port`).
 * undici's own EnvHttpProxyAgent differs on each of those points (CONTRIBUTING.md, the proxy-from-env finding), so it is not used.
 */

/** Where a request goes: straight to the target, or through `proxy`. */
export interface Route {
	/** The proxy's URL, credentials included (never shown: see `proxyLabel`). */
	proxy?: URL;
	/** Set instead of `proxy` when the setting naming it is no http:// or https:// URL (credentials removed). */
	invalidProxy?: string;
}

/** The proxy without its credentials, for errors: `http://proxy.corp:3128`. */
export function proxyLabel(proxy: URL): string {
	return `${proxy.protocol}//${proxy.host}`;
}

/** The proxy's user name and password as they may appear in answers: percent-encoded (the URL) and decoded (the header). */
export function proxyCredentials(route: Route): string[] {
	if (!route.proxy) return [];
	const decoded = (value: string) => {
		try {
			return decodeURIComponent(value);
		} catch {
			return value;
		}
	};
	// A password with an unencoded `/` parses as a path: that path is treated as a credential too.
	const path = route.proxy.pathname === '/' ? '' : `${route.proxy.pathname.slice(1)}${route.proxy.search}`;
	return [route.proxy.username, route.proxy.password, path].flatMap((value) => [value, decoded(value)]).filter((value) => value !== '');
}

export function routeFor(target: URL): Route {
	const raw = getProxyForUrl(target.href);
	if (!raw) return {};
	if (!URL.canParse(raw)) return { invalidProxy: addressWithoutCredentials(raw) };
	const proxy = new URL(raw);
	// n8n's own helpers accept only these two (isSupportedProxyUrl in @n8n/backend-network).
	if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') return { invalidProxy: proxyLabel(proxy) };
	return { proxy };
}

/** The keep-alive settings every pool of the package uses, direct or behind a proxy. */
export const POOL_OPTIONS = {
	connections: 32,
	keepAliveTimeout: 30_000,
	keepAliveMaxTimeout: 120_000,
} as const;

export interface ProxyAgentSettings {
	/** Connect timeout to the proxy and, through the tunnel, the TLS handshake with the target. */
	connectTimeoutMs: number;
	/** Sockets to the same target are kept this long when idle. */
	keepAliveTimeoutMs?: number;
}

/**
 * A dispatcher that sends every request through `proxy`: https:// targets through a CONNECT
 * tunnel, http:// targets in absolute form as n8n's HTTP Request node does (http-proxy-agent), so
 * a proxy that allows CONNECT only to port 443 still carries plain-HTTP downloads. Credentials in
 * the proxy URL become its `Proxy-Authorization` header (undici does that from the URL).
 */
export function createProxyAgent(proxy: URL, settings: ProxyAgentSettings): ProxyAgent {
	const tls = { timeout: settings.connectTimeoutMs };
	const pool = { ...POOL_OPTIONS, keepAliveTimeout: settings.keepAliveTimeoutMs ?? POOL_OPTIONS.keepAliveTimeout };
	return new ProxyAgent({
		uri: proxy.href,
		proxyTunnel: false,
		proxyTls: tls,
		requestTls: tls,
		...pool,
		// The pools behind the proxy (per target, or to the proxy for absolute-form requests) keep
		// the same keep-alive settings as the direct pools.
		factory: (origin, options) => new Pool(origin, { ...options, ...pool }),
	});
}
