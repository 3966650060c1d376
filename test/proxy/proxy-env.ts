/**
 * The proxy variables n8n documents, set for a test and restored after it. Tests may touch the
 * environment; the package never reads it itself (proxy-from-env does, per request).
 */
import { closeAllPools } from '../../nodes/DocumentProcessing/transport';

const NAMES = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((name) => [name, name.toLowerCase()]);

export type ProxyEnv = Partial<Record<(typeof NAMES)[number], string>>;

/** Clears every proxy variable, sets `vars`, and returns the function that puts the old values back. */
export function setProxyEnv(vars: ProxyEnv): () => void {
	const saved = new Map(NAMES.map((name) => [name, process.env[name]]));
	for (const name of NAMES) delete process.env[name];
	Object.assign(process.env, vars);
	return () => {
		for (const [name, value] of saved) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	};
}

/**
 * For a test file: `env(vars)` sets the proxy variables for the current test; after each test the
 * old values come back and the pools close, so no proxy agent outlives the settings it was made for.
 */
export function useProxyEnv(): (vars: ProxyEnv) => void {
	let restore: (() => void) | undefined;
	afterEach(async () => {
		restore?.();
		restore = undefined;
		await closeAllPools();
	});
	return (vars) => {
		restore?.();
		restore = setProxyEnv(vars);
	};
}
