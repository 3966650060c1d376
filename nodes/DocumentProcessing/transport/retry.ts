export interface RetryPolicy {
	/** Attempts in all, the first included. */
	maxAttempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** No retry starts once this much time has passed since the first attempt. */
	totalTimeMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 6,
	baseDelayMs: 500,
	maxDelayMs: 15_000,
	totalTimeMs: 120_000,
};

/**
 * Statuses worth another try; 429 is safe even for creating requests (nothing was created). The
 * others are only retried for idempotent requests: a 500 may be a passing fault too, and reading
 * again changes nothing.
 */
export const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Full jitter: a random delay up to the exponential step, so parallel items do not retry in step. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
	const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
	return Math.round(step / 2 + (random() * step) / 2);
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
	const raw = Array.isArray(value) ? value[0] : value;
	if (raw === undefined || raw.trim() === '') return undefined;
	const trimmed = raw.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/** Network failures, told apart by whether the service can have seen the request. */
export interface NetworkFailure {
	code: string;
	/** True when the request provably never reached the service, so even a create is safe to resend. */
	neverReached: boolean;
	/** True when resending cannot help (e.g. the host name does not resolve). */
	permanent: boolean;
	timedOut: boolean;
}

const NEVER_REACHED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN']);
const PERMANENT = new Set([
	'ENOTFOUND',
	'ERR_INVALID_URL',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'CERT_HAS_EXPIRED',
	// An untrusted certificate authority stays untrusted until n8n restarts with it (outboundErrors.ts).
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
]);
const TIMEOUTS = new Set(['HEADERS_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** The first string `code` on an error or its `cause` chain (undici wraps the socket error). */
export function errorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string') return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * Codes Node gives errors that are not the network's: retrying the same answer cannot help (a body
 * too long for one string was once taken for a broken connection and read six times).
 */
const NOT_NETWORK = new Set(['UND_ERR_ABORTED', 'ABORT_ERR', 'ERR_STRING_TOO_LONG', 'ERR_BUFFER_TOO_LARGE']);

export function classifyNetworkError(error: unknown): NetworkFailure | undefined {
	const code = errorCode(error);
	if (code === undefined || NOT_NETWORK.has(code)) return undefined;
	return {
		code,
		neverReached: NEVER_REACHED.has(code),
		permanent: PERMANENT.has(code),
		timedOut: TIMEOUTS.has(code),
	};
}

/**
 * Launch contention between processes. Pacing (pacing.ts) keeps one process's launches a spacing
 * apart, but n8n workers in queue mode share nothing, and the service counts every launch of the
 * account; a process learns that others launch too only from its own 429s. A worker launching in
 * rhythm keeps getting its slots, so the others' launches are refused until it pauses: they lose
 * nothing in throughput (the account's one launch per second is used), only the re-sent upload.
 * So each 429 in a row doubles how long this process holds all its launches back (from the
 * Retry-After, at most MAX_HOLD_MS), which bounds the wasted uploads while another worker holds
 * the rhythm and resumes within a few seconds once it stops; an accepted launch resets it. A random
 * share of one spacing, drawn per process, sets apart workers refused at the same moment.
 */
const MAX_HOLD_MS = 4_000;

interface Contention {
	refusedInARow: number;
}

// One module instance per n8n process, shared by both nodes (see transport/agents.ts).
const contention = new Map<string, Contention>();

function contentionOf(endpoint: string): Contention {
	let state = contention.get(endpoint);
	if (!state) {
		state = { refusedInARow: 0 };
		contention.set(endpoint, state);
	}
	return state;
}

/** A launch was refused with 429: returns how long this process holds all its launches back. */
export function launchRefused(
	endpoint: string,
	retryAfterMs: number | undefined,
	spacingMs: number,
	random: () => number = Math.random,
): number {
	const state = contentionOf(endpoint);
	state.refusedInARow += 1;
	const doubled = Math.max(retryAfterMs ?? spacingMs, spacingMs) * 2 ** Math.min(state.refusedInARow - 1, 10);
	return Math.round(Math.min(doubled, MAX_HOLD_MS) + random() * spacingMs);
}

export function launchAccepted(endpoint: string): void {
	contentionOf(endpoint).refusedInARow = 0;
}
