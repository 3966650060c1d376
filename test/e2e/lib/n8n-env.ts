/** The environment every n8n process on a user folder gets (server and CLI alike). */
import * as path from 'node:path';
import { baseEnv, DEFAULT_ENCRYPTION_KEY, N8N_LOG_LEVEL } from './config';
import { ensureN8n } from './install';
import { n8nVersionOf, userFolderPaths } from './user-folder';

export interface N8nEnvOptions {
	/** HTTP port of `n8n start` (not needed for CLI commands). */
	port?: number;
	/** Task broker port; every n8n process needs its own (default 5679 is n8n's own). */
	brokerPort: number;
	/** Extra/overriding variables, e.g. N8N_EXPRESSION_ENGINE. */
	env?: NodeJS.ProcessEnv;
}

/**
 * The environment of every n8n process on a user folder (server and CLI alike): loopback only, no
 * telemetry or calls home, fixed encryption key, no JS task runner, n8n's Node first on PATH.
 */
export async function n8nEnv(userFolder: string, options: N8nEnvOptions): Promise<NodeJS.ProcessEnv> {
	const install = await ensureN8n(n8nVersionOf(userFolder));
	const { filesDir } = userFolderPaths(userFolder);
	const port = options.port ?? 5678;
	return baseEnv({
		PATH: `${install.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: DEFAULT_ENCRYPTION_KEY,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Nothing may leave 127.0.0.1: telemetry, version checks, templates, the vetted community
		// nodes list and (2.x) the MCP server registry all call n8n's servers otherwise.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// n8n 1.x has no such module and refuses to start on an unknown module name.
		...(install.version.startsWith('1.') ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		N8N_LOG_LEVEL,
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		// n8n's JS task runner runs Code nodes only, and no test, benchmark or example has one. In
		// `external` mode n8n launches none (its broker waits for one that never connects), which
		// spares every n8n process (server, CLI, queue worker) the runner's start: about 2 CPU s each,
		// 21 CPU s of a warm CI run. A Code node in a test would fail with n8n's "no runner available".
		N8N_RUNNERS_MODE: 'external',
		N8N_RUNNERS_AUTH_TOKEN: 'no-runner-connects',
		...options.env,
	});
}
