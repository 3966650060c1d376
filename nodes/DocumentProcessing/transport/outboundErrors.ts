import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { withRequest } from '../helpers/nodeErrors';
import { NETWORK_WORDS } from './errors';
import type { Dispatcher } from 'undici';
import type { Routed } from './agents';
import { proxyLabel, type Route } from './proxy';
import { errorCode, type NetworkFailure } from './retry';

/**
 * Failures that belong to the way out rather than the service or the file host: the proxy refusing
 * a tunnel (407, 403, 502 to CONNECT), asking for credentials on a plain-HTTP request or not being
 * reachable at all, and certificates from an authority Node does not trust. Kept apart from
 * errors.ts so the service's own error texts stay there.
 */

const VARIABLES = 'HTTP_PROXY / HTTPS_PROXY / ALL_PROXY of the n8n process';

// undici reports a refused CONNECT and a 407 to an absolute-form request only in these messages
// (undici is pinned; test/unit/proxy-transport.test.ts fails if they change).
const TUNNEL_REFUSED = /Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;
const AUTH_REQUIRED = /Proxy Authentication Required \((407)\)/;

function refusalStatus(error: unknown): number | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
		const match = TUNNEL_REFUSED.exec(current.message) ?? AUTH_REQUIRED.exec(current.message);
		if (match) return Number(match[1]);
		current = current.cause;
	}
	return undefined;
}

/**
 * A proxy's refusal as a network failure for the retry rules: the request never reached the
 * target, so a gateway error (502/503/504, the target restarting) is retried even for creates;
 * a refusal by rule (403) or for credentials (407) stays refused.
 */
export function proxyRefusal(error: unknown): NetworkFailure | undefined {
	const status = refusalStatus(error);
	if (status === undefined) return undefined;
	return { code: `PROXY_${status}`, neverReached: true, permanent: status < 500, timedOut: false };
}

/** Codes that, with a proxy in the way, mean the proxy itself could not be reached. */
const PROXY_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);

export interface ProxyProblem {
	proxy: URL;
	/** The address the proxy was asked to reach. */
	target: URL;
	/** What was being done, e.g. `GET /api/v1/jobs` or `the file URL download`. */
	during: string;
	itemIndex?: number;
}

function describe(problem: ProxyProblem, status: number | undefined, code: string | undefined): { message: string; advice: string } {
	const proxy = proxyLabel(problem.proxy);
	const target = problem.target.host;
	if (status === 407) {
		return {
			message: `The proxy ${proxy} refused the request to ${target}: it requires authentication (HTTP 407)`,
			advice: problem.proxy.username
				? `Check the user name and password in the proxy address (${VARIABLES}); special characters in them must be percent-encoded.`
				: `Add the proxy's user name and password to its address (${VARIABLES}) as http://user:password@host:port.`,
		};
	}
	if (status === 403) {
		return {
			message: `The proxy ${proxy} refused the connection to ${target} (HTTP 403)`,
			advice: `The proxy's rules do not allow this address or port: ask its administrators to allow ${target}, or add the host to NO_PROXY if n8n can reach it directly.`,
		};
	}
	if (status !== undefined) {
		return {
			message: `The proxy ${proxy} could not reach ${target} (HTTP ${status})`,
			advice: `Check the address and that the proxy can resolve and reach ${problem.target.hostname}; the proxy's log says why.`,
		};
	}
	return {
		message: `Could not reach the proxy ${proxy} (${NETWORK_WORDS[code ?? ''] ?? 'network error'})`,
		advice: `Check the proxy address in ${VARIABLES} and that the proxy is running, or add ${problem.target.hostname} to NO_PROXY to connect directly.`,
	};
}

/** The error n8n shows for a proxy failure: names the proxy (never its credentials) and what to check. */
export function proxyError(node: INode, problem: ProxyProblem, failure: { status?: number; code?: string }): NodeApiError {
	const { message, advice } = describe(problem, failure.status, failure.code);
	const description = withRequest(advice, problem.during, failure.code);
	const response = { message, proxy: proxyLabel(problem.proxy), ...(failure.status ? { httpCode: String(failure.status) } : {}) };
	return new NodeApiError(node, response, {
		message,
		description,
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex: problem.itemIndex,
	});
}

// The target's (or a TLS-inspecting proxy's) certificate chain ends in an authority Node does not trust.
const UNTRUSTED_CERTIFICATE = new Set([
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

function untrustedCertificateError(node: INode, route: Route, problem: Omit<ProxyProblem, 'proxy'>, code: string): NodeApiError {
	const through = route.proxy ? ` (through the proxy ${proxyLabel(route.proxy)})` : '';
	const message = `The TLS certificate of ${problem.target.host}${through} is not signed by an authority n8n trusts`;
	const description = withRequest(
		"If your network or proxy uses its own certificate authority, trust it the way n8n documents: NODE_EXTRA_CA_CERTS=/path/to/ca.pem on the n8n process, or in n8n's Docker image the certificate mounted in /opt/custom-certificates; then restart n8n.",
		problem.during,
		code,
	);
	return new NodeApiError(node, { message, networkCode: code }, { message, description, itemIndex: problem.itemIndex });
}

/**
 * The error for a failure that is the way out's rather than the target's, or undefined: a proxy
 * refusal, a proxy that cannot be reached, or a certificate from an authority Node does not trust.
 */
export function outboundFailureError(node: INode, route: Route, problem: Omit<ProxyProblem, 'proxy'>, error: unknown): NodeApiError | undefined {
	const code = errorCode(error);
	if (code !== undefined && UNTRUSTED_CERTIFICATE.has(code)) return untrustedCertificateError(node, route, problem, code);
	if (!route.proxy) return undefined;
	const status = refusalStatus(error);
	if (status !== undefined) return proxyError(node, { ...problem, proxy: route.proxy }, { status });
	if (code !== undefined && PROXY_UNREACHABLE.has(code)) return proxyError(node, { ...problem, proxy: route.proxy }, { code });
	return undefined;
}

/** A request's dispatcher, or the error n8n shows when the proxy setting is no http:// or https:// URL. */
export function routed(node: INode, itemIndex: number | undefined, picked: Routed): { dispatcher: Dispatcher; route: Route } {
	if (picked.dispatcher) return { dispatcher: picked.dispatcher, route: picked.route };
	const message = `The outbound proxy address ${picked.route.invalidProxy ?? ''} is not a valid http:// or https:// URL`;
	throw new NodeApiError(node, { message }, { message, description: `Correct ${VARIABLES}, e.g. http://proxy.example.com:3128.`, itemIndex });
}

// A plain-HTTP request through a proxy gets the proxy's own error pages as ordinary answers.
const PROXY_PAGE_STATUSES = new Set([403, 502, 503, 504]);

/** For an answer that may be the proxy's rather than the server's: the sentence that says so. */
export function proxyAnswerNote(route: Route, target: URL, status: number): string | undefined {
	if (!route.proxy || target.protocol !== 'http:' || !PROXY_PAGE_STATUSES.has(status)) return undefined;
	return `This answer came through the proxy ${proxyLabel(route.proxy)}, which may have sent it itself: check the proxy's rules and log, or add ${target.hostname} to NO_PROXY.`;
}
