/**
 * Headless Chromium (Debian's `chromium` package, driven by playwright-core) logged into an n8n
 * instance with the harness's owner REST session, so the test never types a password.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, selectors, type BrowserContext, type Page } from 'playwright-core';
import { useE2eSuite, type E2eN8n, type E2eSuite, type N8nRestSession } from '../e2e/n8n';

/** Debian's chromium; E2E_CHROMIUM points elsewhere (another distribution's path). */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Everything that would make Chromium talk to anything but 127.0.0.1 is switched off. */
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-quic',
	'--no-first-run',
	'--disable-component-update',
	'--disable-sync',
];

export interface EditorBrowser {
	page: Page;
	context: BrowserContext;
	close(): Promise<void>;
}

let testIdAttributeSet = false;

export async function openEditorBrowser(
	rest: N8nRestSession,
	viewport = { width: 1440, height: 1500 },
): Promise<EditorBrowser> {
	if (!fs.existsSync(CHROMIUM_PATH)) {
		throw new Error(
			`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get update && apt-get install -y chromium" ` +
				'(or set E2E_CHROMIUM to a Chromium binary)',
		);
	}
	// n8n's editor marks its elements with data-test-id, not Playwright's default data-testid.
	if (!testIdAttributeSet) {
		selectors.setTestIdAttribute('data-test-id');
		testIdAttributeSet = true;
	}
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-editor-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport,
	});
	try {
		// n8n binds the auth cookie to the browser id the session was issued for.
		await context.addCookies([{ name: 'n8n-auth', value: rest.cookie, url: rest.baseUrl }]);
		await context.addInitScript(
			({ key, value }) => {
				// Runs in the page; this package's tsconfig has no DOM types.
				(globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value);
			},
			{ key: 'n8n-browserId', value: rest.browserId },
		);
		const page = context.pages()[0] ?? (await context.newPage());
		// The editor's first load takes Chromium 15–19 CPU s, and the run's other suites share the two cores.
		page.setDefaultTimeout(60_000);
		return {
			page,
			context,
			close: async () => {
				await context.close();
				fs.rmSync(userDataDir, { recursive: true, force: true });
			},
		};
	} catch (error) {
		await context.close();
		fs.rmSync(userDataDir, { recursive: true, force: true });
		throw error;
	}
}

export interface EditorSession {
	/** The emulator with its own key and the run's shared n8n (useE2eSuite). */
	suite: E2eSuite;
	/** These throw "setup failed" before (or after a failed) setup. */
	e2e(): E2eN8n;
	page(): Page;
}

/**
 * The run's shared n8n, an emulator and ONE logged-in browser page for every editor test: opened
 * before the tests, closed after them. A page costs Chromium about 15–19 CPU s to load the editor,
 * so the editor's suites are one test file (editor.e2e.test.ts) sharing it, each setting the
 * window size it needs. Call it in the file's `describe` before its own hooks.
 */
export function useEditorSession(label: string, viewport?: { width: number; height: number }): EditorSession {
	const suite = useE2eSuite({ label });
	let browser: EditorBrowser | undefined;
	beforeAll(async () => {
		browser = await openEditorBrowser(suite.e2e.rest, viewport);
	}, 30 * 60_000);
	afterAll(async () => await browser?.close(), 60_000);
	const started = <T>(value: T | undefined): T => {
		if (value === undefined) throw new Error('setup failed');
		return value;
	};
	return { suite, e2e: () => suite.e2e, page: () => started(browser).page };
}
