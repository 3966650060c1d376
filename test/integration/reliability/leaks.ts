import { Logger } from '@n8n/backend-common';
import { LoggerProxy } from 'n8n-workflow';
import { API_KEY, SECRET_PLAINTEXT, SIGNING_SECRET } from './bench';

/**
 * What must never be seen: the API key, the secret's plaintext and the signing secret, whole or
 * by their distinctive parts (a truncated or partly masked copy still counts as a leak).
 */
export const MARKERS: string[] = [
	API_KEY,
	'7f3a9c',
	SECRET_PLAINTEXT,
	'b41d2e',
	'HYGIENE',
	SIGNING_SECRET,
	SIGNING_SECRET.slice('whsec_'.length),
];

function ownProps(error: Error): Record<string, unknown> {
	const props: Record<string, unknown> = {};
	for (const name of Object.getOwnPropertyNames(error)) props[name] = (error as unknown as Record<string, unknown>)[name];
	return props;
}

/** Everything a value exposes, as text: JSON with errors expanded to all their own properties (message, stack, context, cause…). */
export function exposedText(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, current: unknown) => {
		if (typeof current === 'bigint') return current.toString();
		if (current === null || typeof current !== 'object') return current;
		if (seen.has(current)) return '[seen]';
		seen.add(current);
		if (Buffer.isBuffer(current)) return current.toString('utf8');
		if (current instanceof Error) return { name: current.name, ...ownProps(current) };
		return current;
	}) ?? String(value);
}

/** The markers (and any extra secrets of the case) that occur in what `value` exposes. */
export function leaksIn(value: unknown, extra: string[] = []): string[] {
	const text = exposedText(value);
	return [...MARKERS, ...extra.filter((secret) => secret.length >= 8)].filter((marker) => text.includes(marker));
}

export interface LogCapture {
	/** Every line logged so far, with its metadata. */
	lines(): string[];
	restore(): void;
}

/**
 * Records what the package or n8n logs: console, n8n's Logger (all levels, even when silent) and
 * the LoggerProxy nodes reach through `this.logger`. Call after the harness has created its Logger
 * (i.e. after a first execution), because creating it re-initialises the proxy.
 */
export function captureLogs(): LogCapture {
	const lines: string[] = [];
	const record = (source: string) => (...args: unknown[]) => {
		lines.push(`${source}: ${exposedText(args)}`);
	};
	const spies = [
		...(['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
			jest.spyOn(console, level).mockImplementation(record(`console.${level}`)),
		),
		// `log` is private in the type, but every level goes through it, even with logging silenced.
		jest.spyOn(Logger.prototype as unknown as { log: (...args: unknown[]) => void }, 'log').mockImplementation(record('n8n logger')),
	];
	LoggerProxy.init({
		error: record('LoggerProxy.error'),
		warn: record('LoggerProxy.warn'),
		info: record('LoggerProxy.info'),
		debug: record('LoggerProxy.debug'),
	});
	return {
		lines: () => [...lines],
		restore: () => {
			for (const spy of spies) spy.mockRestore();
		},
	};
}
