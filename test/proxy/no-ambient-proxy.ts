/**
 * Jest setup file of every project: the package now follows HTTP_PROXY / HTTPS_PROXY / ALL_PROXY /
 * NO_PROXY like n8n, so a developer's shell proxy would otherwise carry the tests' loopback calls
 * to a real proxy. Tests that want a proxy set one themselves (test/proxy/proxy-env.ts).
 */
import { setProxyEnv } from './proxy-variables';

setProxyEnv({});
