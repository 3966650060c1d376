/** Jest global setup of the e2e and editor projects: one n8n for every suite of the run. */
import { startSharedN8n } from './lib/shared';

export default async function globalSetup(): Promise<void> {
	await startSharedN8n();
}
