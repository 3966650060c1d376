/**
 * The shape every e2e suite against the emulator shares: an emulator with its own API key, started
 * before the suite's tests and stopped after them, and the run's shared n8n with the packed package
 * (shared.ts; a suite outside the jest projects' global setup gets its own).
 * Call `useE2eSuite` in a `describe` before the suite's own `beforeAll`: hooks run in the order
 * they are declared, so those then find n8n and the emulator started.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type EmulatorConfig, type RunningEmulator } from '../../emulator';
import { TestClient } from '../../emulator/test-support/client';
import { userFolderPaths } from './user-folder';
import { killAllChildren } from './proc';
import { setupN8nE2e, type E2eN8n } from './setup';
import { attachSharedN8n, holdN8n, holdsN8n, releaseHeldN8n } from './shared';

/** A cold n8n install takes several minutes; suites give their own setup hooks the same bound. */
export const E2E_SETUP_TIMEOUT_MS = 30 * 60_000;
const TEARDOWN_TIMEOUT_MS = 60_000;

export const EMULATOR_CREDENTIAL_NAME = 'Document Processing (emulator)';

export interface E2eSuiteOptions {
	/** Names the run folder. */
	label: string;
	/** The emulator's key; a fresh one by default, so a 200 from the emulator proves n8n sent it. */
	apiKey?: string;
	emulatorConfig?: Partial<EmulatorConfig>;
	/** n8n version (default N8N_VERSION). */
	version?: string;
	/**
	 * Settings only this suite's n8n may have (e.g. N8N_EXPRESSION_ENGINE): the suite then boots an
	 * n8n of its own with them, stopped after its tests, instead of attaching to the shared one.
	 */
	ownN8nEnv?: NodeJS.ProcessEnv;
}

export interface E2eSuite {
	readonly apiKey: string;
	/** These throw "setup failed" when read before (or after a failed) setup. */
	readonly e2e: E2eN8n;
	readonly emulator: RunningEmulator;
	/** Control and API client for the emulator. */
	readonly client: TestClient;
	/**
	 * This suite's own folder below the n8n files folder (N8N_RESTRICT_FILE_ACCESS_TO): the n8n is
	 * shared, so files for Read Files from Disk go here, never into a folder another suite uses.
	 */
	readonly filesDir: string;
	/** Imports a credential pointing n8n at the emulator with the suite's key. */
	importEmulatorCredential(name?: string): Promise<{ id: string; name: string }>;
}

export function useE2eSuite(options: E2eSuiteOptions): E2eSuite {
	const apiKey = options.apiKey ?? `e2e-${randomUUID()}`;
	let emulator: RunningEmulator | undefined;
	let client: TestClient | undefined;
	let e2e: E2eN8n | undefined;

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, apiKey, config: options.emulatorConfig });
		client = new TestClient(emulator);
		e2e = options.ownN8nEnv
			? await setupN8nE2e({ label: options.label, version: options.version, env: options.ownN8nEnv })
			: await attachSharedN8n(options.label, options.version);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		try {
			await e2e?.close();
			await emulator?.close();
		} finally {
			// A boot the test file holds for its next suite is one of these children.
			if (!holdsN8n()) killAllChildren();
		}
	}, TEARDOWN_TIMEOUT_MS);

	const started = <T>(value: T | undefined, what: string): T => {
		if (value === undefined) throw new Error(`setup failed (${what} not started)`);
		return value;
	};

	const filesFolder = `${options.label}-${randomUUID().slice(0, 8)}`;
	const suite: E2eSuite = {
		apiKey,
		get filesDir() {
			const dir = path.join(userFolderPaths(suite.e2e.userFolder).filesDir, filesFolder);
			fs.mkdirSync(dir, { recursive: true });
			return dir;
		},
		get e2e() {
			return started(e2e, 'n8n');
		},
		get emulator() {
			return started(emulator, 'emulator');
		},
		get client() {
			return started(client, 'emulator');
		},
		importEmulatorCredential: async (name = EMULATOR_CREDENTIAL_NAME) => {
			const emu = suite.emulator;
			return await suite.e2e.importCredential({
				name,
				type: 'documentProcessingApi',
				data: { apiKey, baseUrl: emu.url, partitionUrl: emu.partitionUrl, allowHttpWebhooksOnLoopback: true },
			});
		},
	};
	return suite;
}

/**
 * One boot of n8n `version` (not the run's shared one) for every suite of this test file, e.g. a
 * compatibility leg and the pause suite on n8n 1.x: their useE2eSuite attach to it, and it stops
 * after the file's last suite. Call at the top of the file, before the suites.
 */
export function shareN8nInFile(version: string, label: string): void {
	beforeAll(async () => {
		await holdN8n(version, label);
	}, E2E_SETUP_TIMEOUT_MS);
	afterAll(async () => {
		try {
			await releaseHeldN8n(version);
		} finally {
			killAllChildren();
		}
	}, TEARDOWN_TIMEOUT_MS);
}
