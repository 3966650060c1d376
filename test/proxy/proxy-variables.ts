/**
 * The proxy variables n8n documents, set for a test and restored after it. Tests may touch the
 * environment; the package never reads it itself (proxy-from-env does, per request). Imports
 * nothing of the package: the jest setup file uses it before a test file's module mocks exist.
 */
/** Every name proxy-from-env reads for n8n's documented variables, in both cases. */
export const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((name) => [name, name.toLowerCase()]);

export type ProxyEnv = Partial<Record<(typeof PROXY_VARIABLES)[number], string>>;

/** Clears every proxy variable, sets `vars`, and returns the function that puts the old values back. */
export function setProxyEnv(vars: ProxyEnv): () => void {
	const saved = new Map(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
	for (const name of PROXY_VARIABLES) delete process.env[name];
	Object.assign(process.env, vars);
	return () => {
		for (const [name, value] of saved) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	};
}
