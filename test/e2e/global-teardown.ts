/** Jest global teardown of the e2e and editor projects: stops the shared n8n. */
import { killAllChildren } from './lib/proc';
import { stopSharedN8n } from './lib/shared';

export default async function globalTeardown(): Promise<void> {
	try {
		await stopSharedN8n();
	} finally {
		killAllChildren();
	}
}
