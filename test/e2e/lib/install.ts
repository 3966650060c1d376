/**
 * The cached real n8n (and the Node it runs on: 24 for 2.x, 22 for 1.x), installed by
 * install-n8n.sh per version: idempotent, cheap when warm (~0.1 s), several minutes when cold.
 * Concurrent callers (jest workers) of one version are serialised by the script's lock.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, E2E_DIR, N8N_VERSION } from './config';
import { runOk } from './proc';

export interface N8nInstall {
	/** Node binary that runs n8n (Node 24 for n8n 2.x, Node 22 for 1.x). */
	node: string;
	/** The same binary (the name from when every install ran on Node 24). */
	node24: string;
	/** Its version without the `v`, e.g. 24.21.0. */
	nodeVersion: string;
	/** Folder of that binary: put first on PATH of n8n (its task runner is started as `node`). */
	nodeBinDir: string;
	/** n8n's bin/n8n script (run as `node n8nBin <command>`). */
	n8nBin: string;
	/** node_modules folder of the n8n install (sqlite3, flatted, ... live there). */
	n8nModules: string;
	version: string;
}

const installing = new Map<string, Promise<N8nInstall>>();

/**
 * Installs n8n `version` (default: N8N_VERSION) if needed (cold: minutes, progress on stderr) and
 * returns where it is.
 */
export async function ensureN8n(version: string = N8N_VERSION): Promise<N8nInstall> {
	const pending =
		installing.get(version) ??
		(async () => {
			const script = path.join(E2E_DIR, 'install-n8n.sh');
			const result = await runOk('bash', [script], {
				env: baseEnv({ N8N_VERSION: version }),
				timeoutMs: 30 * 60_000,
				forwardStderr: true,
			});
			const values = Object.fromEntries(
				result.stdout
					.split('\n')
					.map((line) => line.match(/^([A-Z0-9_]+)=(.*)$/))
					.filter((m): m is RegExpMatchArray => m !== null)
					.map((m) => [m[1], m[2]]),
			);
			const node = values.NODE;
			const n8nBin = values.N8N_BIN;
			const nodeVersion = values.NODE_VERSION;
			if (!node || !n8nBin || !nodeVersion || !fs.existsSync(node) || !fs.existsSync(n8nBin)) {
				throw new Error(`install-n8n.sh did not report usable paths:\n${result.stdout}`);
			}
			return {
				node,
				node24: node,
				nodeVersion,
				nodeBinDir: path.dirname(node),
				n8nBin,
				n8nModules: path.resolve(n8nBin, '..', '..', '..'),
				version,
			};
		})();
	installing.set(version, pending);
	try {
		return await pending;
	} catch (error) {
		installing.delete(version); // let a later call retry
		throw error;
	}
}
