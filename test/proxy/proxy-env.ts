import { closeAllPools } from '../../nodes/DocumentProcessing/transport';
import { setProxyEnv, type ProxyEnv } from './proxy-variables';

export { setProxyEnv, type ProxyEnv };

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
