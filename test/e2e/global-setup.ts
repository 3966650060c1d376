/**
 * Jest global setup of the e2e, editor and compat projects: starts booting one n8n for every suite
 * of the run and returns before it is up, so the suites that need no n8n run meanwhile.
 */
import { startSharedN8n } from './lib/shared';

export default function globalSetup(): void {
	startSharedN8n();
}
