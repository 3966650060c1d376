// Injected into the pdf-lib bundle in place of the global `setTimeout`: pdf-lib only uses it to
// yield to the event loop between objects (`waitForTick`), and in n8n timers go through
// n8n-workflow's `sleep` (the community-node rule `no-restricted-globals`).
import { sleep } from 'n8n-workflow';

export function setTimeout(callback, ms) {
	void sleep(ms).then(() => callback());
}
