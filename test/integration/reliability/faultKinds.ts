import type { IDataObject } from 'n8n-workflow';

/** A header timeout far below the 60 s default, set through the transport seam for "slow headers". */
export const SHORT_TIMEOUT_MS = 500;
/** How long the emulator holds back the answer in "slow headers": well past the timeout. */
export const SLOW_HEADERS_MS = 1_500;

/** The answer's shape decides whether a fault can break it: an empty 204 has no JSON to cut or replace. */
export interface FaultTarget {
	/** Whether resending the faulted request is safe (it changes nothing). */
	idempotent: boolean;
	/** The request is answered 204 with no body. */
	emptyAnswer?: boolean;
	/** Any well-formed JSON is a valid answer (a job's output file), so no body can be off-schema. */
	anyJson?: boolean;
	/** The answer's shape is not documented: any 2xx body is accepted and the result read back. */
	readsBack?: boolean;
}

export interface FaultKind {
	id: string;
	/** Column heading of the printed matrix. */
	label: string;
	/** The emulator fault (without method and path); undefined for connection refused. */
	spec?: () => IDataObject;
	/** Whether the service did the work before the failure (so a create left its entity behind). */
	acted: boolean;
	/** Whether the operation should still succeed. */
	recovers(target: FaultTarget): boolean;
	/** Checks the one error when it does not recover. */
	errorShape?: { message: RegExp; description?: RegExp; httpCode?: string };
	/** Connection refused: no emulator fault; nothing listens until the node's first attempt was refused. */
	refused?: boolean;
	/** Slow headers: the case runs with the short header timeout. */
	slow?: boolean;
}

const status = (code: number): FaultKind => ({
	id: String(code),
	label: String(code),
	spec: () => ({ status: code, detail: `injected fault: HTTP ${code}` }),
	acted: false,
	// 500/502/503/504 leave nothing behind, but a client cannot know that: only resend what is safe to resend.
	recovers: (target) => target.idempotent,
	errorShape: { message: new RegExp(`HTTP ${code}\\b.*injected fault`), httpCode: String(code) },
});

const NOT_RESENT = /not sent again to avoid creating a duplicate/;

export const FAULT_KINDS: FaultKind[] = [
	{ id: '429', label: '429', spec: () => ({ status: 429, detail: 'slow down' }), acted: false, recovers: () => true },
	{ id: '429-seconds', label: '429 RA=1', spec: () => ({ status: 429, retry_after: '1', detail: 'slow down' }), acted: false, recovers: () => true },
	{
		id: '429-date',
		label: '429 RA=date',
		spec: () => ({ status: 429, retry_after: new Date(Date.now() + 1_000).toUTCString(), detail: 'slow down' }),
		acted: false,
		recovers: () => true,
	},
	status(500),
	status(502),
	status(503),
	status(504),
	{
		id: 'reset-before-read',
		label: 'reset before read',
		spec: () => ({ reset: 'before_read' }),
		acted: false,
		recovers: (target) => target.idempotent,
		errorShape: { message: /connection to http:\/\/127\.0\.0\.1:\d+ broke before the service answered/, description: NOT_RESENT },
	},
	{
		id: 'reset-after-read',
		label: 'reset after read',
		spec: () => ({ reset: 'after_read' }),
		acted: true,
		recovers: (target) => target.idempotent,
		errorShape: { message: /connection to http:\/\/127\.0\.0\.1:\d+ broke before the service answered/, description: NOT_RESENT },
	},
	{
		id: 'slow-headers',
		label: 'slow headers',
		spec: () => ({ delay_ms: SLOW_HEADERS_MS }),
		acted: true,
		slow: true,
		recovers: (target) => target.idempotent,
		errorShape: { message: /did not answer in time/, description: NOT_RESENT },
	},
	{
		id: 'truncated-json',
		label: 'truncated JSON',
		spec: () => ({ truncate: true }),
		acted: true,
		recovers: (target) => target.idempotent || target.emptyAnswer === true,
		errorShape: { message: /The service’s answer could not be read: the body is not complete JSON$/, description: /^The request did reach the service, so it may have acted.* \((GET|POST|PUT|PATCH|DELETE) [^)]+\)$/ },
	},
	{
		id: 'schema-break',
		label: '200 off-schema',
		spec: () => ({ body: { unexpected: true } }),
		acted: true,
		// A well-formed answer of the wrong shape is not a glitch: resending would get the same.
		recovers: (target) => target.emptyAnswer === true || target.anyJson === true || target.readsBack === true,
		errorShape: { message: /The service’s answer could not be read: /, description: /\((GET|POST|PUT|PATCH|DELETE) [^)]+\)$/ },
	},
	{ id: 'refused', label: 'conn. refused', acted: false, refused: true, recovers: () => true },
];
