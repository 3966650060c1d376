/**
 * Constants and environment knobs of the real-n8n harness. Everything a test may want to override
 * is an environment variable (listed in test/e2e/README.md).
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { PROXY_VARIABLES } from '../../proxy/proxy-variables';

/** Root of the package under test (where package.json lives). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** test/e2e */
export const E2E_DIR = path.resolve(__dirname, '..');
/** Workflow files used by the e2e tests. */
export const WORKFLOWS_DIR = path.join(E2E_DIR, 'workflows');

export const PACKAGE_NAME = 'n8n-nodes-document-processing';

/** The n8n version the harness installs and runs (install-n8n.sh reads the same variable). */
export const N8N_VERSION = process.env.N8N_VERSION ?? '2.40.7';

/**
 * Scratch space of the harness: packed tarballs (`packs/`) and one folder per run (`runs/`) with
 * the n8n user folders and all logs. The last E2E_KEEP_RUNS runs are kept for debugging.
 */
export const WORK_DIR =
	process.env.E2E_WORK_DIR ?? path.join(os.tmpdir(), 'n8n-nodes-document-processing-e2e');

/** How many run folders to keep (older ones are removed when a new run starts). */
export const KEEP_RUNS = Math.max(1, Number(process.env.E2E_KEEP_RUNS ?? 5) || 5);

/** Encryption key shared by `n8n start` and every CLI call on a user folder (credentials). */
export const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-document-processing-e2e-encryption-key';

/** Owner account created on every fresh instance (password satisfies n8n's policy). */
export const DEFAULT_OWNER = Object.freeze({
	email: 'owner@e2e.invalid',
	password: 'E2e-Owner-Passw0rd',
	firstName: 'E2E',
	lastName: 'Owner',
});

/** n8n log level for server and CLI (`N8N_LOG_LEVEL`), e.g. E2E_N8N_LOG_LEVEL=debug. */
export const N8N_LOG_LEVEL = process.env.E2E_N8N_LOG_LEVEL ?? 'info';

/**
 * The environment children of the harness inherit: the current one without npm's per-script
 * variables. Under `npm test`, npm exports `npm_config_ignore_scripts`, `npm_config_local_prefix`
 * (= this repo) and friends; passed on, they would make `npm install` in a user folder write into
 * the repo and skip native builds. NODE_OPTIONS is dropped too (an --inspect there would make
 * every child fight for the debug port), and so are jest's NODE_ENV=test and JEST_WORKER_ID: with
 * NODE_ENV=test n8n believes it runs in its own unit tests and exits at start without a word.
 */
// The proxy variables too: n8n and the package follow them, and a suite that wants a proxy passes
// its own (test/e2e/proxy.e2e.test.ts).
const DROPPED = new Set(['INIT_CWD', 'NODE_OPTIONS', 'NODE_ENV', 'JEST_WORKER_ID', ...PROXY_VARIABLES]);

export function baseEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(name) || DROPPED.has(name)) continue;
		env[name] = value;
	}
	return { ...env, ...extra };
}
