/**
 * The n8n "instance" the harness runs nodes in: a throwaway n8n user folder,
 * n8n-core's dependency-injection container configured for it, and the real
 * BinaryDataService in filesystem mode writing under that folder.
 *
 * Initialisation order matters (see README.md in this folder):
 *   1. GlobalConfig.logging.level  — before anything asks for the Logger
 *   2. InstanceSettingsConfig      — n8nFolder / encryption key, before InstanceSettings is built
 *   3. BinaryDataConfig            — storage path + mode, before BinaryDataService is built
 *   4. BinaryDataService.init()    — registers the filesystem manager
 * Only N8N_USER_FOLDER is used (briefly, see below); everything else is set on the
 * config objects taken from the container, which is what the env vars would have done.
 *
 * Jest gives every test file its own module registry, hence its own Container and
 * its own temp folder. The folder is removed by an `afterAll` registered when this
 * module is first imported from a test file (and, as a fallback, on process exit).
 */
import { GlobalConfig, InstanceSettingsConfig } from '@n8n/config';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService, ErrorReporter, InstanceSettings } from 'n8n-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type HarnessBinaryMode = 'filesystem' | 'default';

interface HarnessEnvironment {
	/** Root of the throwaway "home"; `.n8n` lives inside it. */
	rootDir: string;
	/** The n8n user folder (what N8N_USER_FOLDER/.n8n would be). */
	n8nFolder: string;
	/** Where filesystem-mode binary data is written. */
	storagePath: string;
	filesystemService: BinaryDataService;
	/** Same storage, but `store()` keeps data in memory (base64), as N8N_DEFAULT_BINARY_DATA_MODE=default does. */
	memoryService: BinaryDataService;
}

let environment: Promise<HarnessEnvironment> | undefined;
let rootDirToRemove: string | undefined;

/** The (memoised) environment of this module registry, i.e. of this test file. */
export async function ensureHarnessEnvironment(): Promise<HarnessEnvironment> {
	environment ??= createEnvironment();
	return await environment;
}

async function createEnvironment(): Promise<HarnessEnvironment> {
	const rootDir = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	rootDirToRemove = rootDir;
	process.once('exit', removeSync);
	const n8nFolder = join(rootDir, '.n8n');
	const storagePath = join(n8nFolder, 'storage');

	// 1. Logging: silent unless the developer asks for more with N8N_LOG_LEVEL.
	const globalConfig = Container.get(GlobalConfig);
	if (process.env.N8N_LOG_LEVEL === undefined) globalConfig.logging.level = 'silent';

	// 2. Instance settings: temp user folder and a fixed encryption key (no key file prompt/log).
	//    n8nFolder is readonly and computed from N8N_USER_FOLDER when the config object is
	//    constructed, so the variable is set just for that moment and restored afterwards.
	const previousUserFolder = process.env.N8N_USER_FOLDER;
	process.env.N8N_USER_FOLDER = rootDir;
	let instanceSettingsConfig: InstanceSettingsConfig;
	try {
		instanceSettingsConfig = Container.get(InstanceSettingsConfig);
	} finally {
		if (previousUserFolder === undefined) delete process.env.N8N_USER_FOLDER;
		else process.env.N8N_USER_FOLDER = previousUserFolder;
	}
	if (instanceSettingsConfig.n8nFolder !== n8nFolder) {
		throw new Error(
			`n8n harness: InstanceSettingsConfig was created before the harness (n8nFolder=${instanceSettingsConfig.n8nFolder}); import the harness before touching n8n-core's Container`,
		);
	}
	instanceSettingsConfig.encryptionKey = 'n8n-harness-encryption-key';
	instanceSettingsConfig.enforceSettingsFilePermissions = false;
	Container.get(InstanceSettings); // creates <n8nFolder>/config now, inside the temp folder

	// 3. Binary data: filesystem mode under the temp folder, whatever the environment says.
	const binaryDataConfig = Container.get(BinaryDataConfig);
	binaryDataConfig.mode = 'filesystem';
	binaryDataConfig.localStoragePath = storagePath;

	// 4. The service every n8n-core helper resolves through Container.get(BinaryDataService).
	const filesystemService = Container.get(BinaryDataService);
	await filesystemService.init();

	// A second, "default" (in-memory) mode service over the same storage, swapped into the
	// container for executions with binaryMode: 'default'. It can still read filesystem ids.
	// Object.create keeps the BinaryDataConfig prototype; the cast is needed because the
	// copy is built field by field rather than through the DI factory.
	const memoryConfig = Object.assign(
		Object.create(Object.getPrototypeOf(binaryDataConfig) as object) as BinaryDataConfig,
		binaryDataConfig,
		{ mode: 'default' as const },
	);
	const memoryService = new BinaryDataService(
		memoryConfig,
		Container.get(ErrorReporter),
		Container.get(Logger),
	);
	await memoryService.init();

	return { rootDir, n8nFolder, storagePath, filesystemService, memoryService };
}

let activeMode: HarnessBinaryMode | undefined;
let activeCount = 0;

/**
 * Runs `fn` with the container's BinaryDataService in the given mode. Executions of the
 * same mode may overlap; overlapping executions of different modes are refused because
 * the service is process-wide in n8n-core.
 */
export async function withBinaryMode<T>(mode: HarnessBinaryMode, fn: () => Promise<T>): Promise<T> {
	const env = await ensureHarnessEnvironment();
	if (activeCount > 0 && activeMode !== mode) {
		throw new Error(
			`n8n harness: cannot run a '${mode}' binary-mode execution while a '${String(activeMode)}' one is running (BinaryDataService is process-wide)`,
		);
	}
	activeMode = mode;
	activeCount++;
	Container.set(BinaryDataService, mode === 'default' ? env.memoryService : env.filesystemService);
	try {
		return await fn();
	} finally {
		activeCount--;
		if (activeCount === 0) {
			activeMode = undefined;
			Container.set(BinaryDataService, env.filesystemService);
		}
	}
}

/** The filesystem-mode BinaryDataService (reads both filesystem ids and in-memory data). */
export async function getBinaryDataService(): Promise<BinaryDataService> {
	return (await ensureHarnessEnvironment()).filesystemService;
}

/** Paths of this test file's throwaway n8n instance. */
export async function getHarnessPaths(): Promise<{ n8nFolder: string; storagePath: string }> {
	const { n8nFolder, storagePath } = await ensureHarnessEnvironment();
	return { n8nFolder, storagePath };
}

/** Removes the temp folder. Called automatically after the test file; safe to call twice. */
export async function disposeHarness(): Promise<void> {
	if (environment) {
		try {
			await environment;
		} catch {
			// initialisation failed; still remove what was created
		}
	}
	environment = undefined;
	if (rootDirToRemove) {
		rmSync(rootDirToRemove, { recursive: true, force: true });
		rootDirToRemove = undefined;
	}
	process.removeListener('exit', removeSync);
	// A later executeNode() starts a fresh instance (new folder, new config objects).
	Container.reset();
}

function removeSync(): void {
	if (rootDirToRemove) rmSync(rootDirToRemove, { recursive: true, force: true });
}

// Register cleanup; the exit handler added in createEnvironment is the fallback.
// `afterAll` exists when this module is imported while a jest test file is being
// collected; registering it from inside a running test throws, hence the try/catch.
type HookRegistrar = (fn: () => Promise<void>) => void;
const jestAfterAll = (globalThis as { afterAll?: HookRegistrar }).afterAll;
if (typeof jestAfterAll === 'function') {
	try {
		jestAfterAll(disposeHarness);
	} catch {
		// imported lazily from inside a test: the exit handler still cleans up
	}
}
