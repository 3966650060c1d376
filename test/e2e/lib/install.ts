/**
 * The cached real n8n (and the Node 24 it needs), installed by install-n8n.sh: idempotent, cheap
 * when warm (~0.1 s), several minutes when cold. Concurrent callers (jest workers) are serialised
 * by the script's lock.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, E2E_DIR, N8N_VERSION } from './config';
import { runOk } from './proc';

export interface N8nInstall {
	/** Node 24 binary that runs n8n. */
	node24: string;
	/** Folder of that binary: put first on PATH of n8n (its task runner is started as `node`). */
	nodeBinDir: string;
	/** n8n's bin/n8n script (run as `node24 n8nBin <command>`). */
	n8nBin: string;
	/** node_modules folder of the n8n install (sqlite3, flatted, ... live there). */
	n8nModules: string;
	version: string;
}

let installing: Promise<N8nInstall> | undefined;

/** Installs n8n if needed (cold: minutes, progress on stderr) and returns where it is. */
export async function ensureN8n(): Promise<N8nInstall> {
	installing ??= (async () => {
		const script = path.join(E2E_DIR, 'install-n8n.sh');
		const result = await runOk('bash', [script], {
			env: baseEnv({ N8N_VERSION }),
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
		const node24 = values.NODE24;
		const n8nBin = values.N8N_BIN;
		if (!node24 || !n8nBin || !fs.existsSync(node24) || !fs.existsSync(n8nBin)) {
			throw new Error(`install-n8n.sh did not report usable paths:\n${result.stdout}`);
		}
		return {
			node24,
			nodeBinDir: path.dirname(node24),
			n8nBin,
			n8nModules: path.resolve(n8nBin, '..', '..', '..'),
			version: N8N_VERSION,
		};
	})();
	try {
		return await installing;
	} catch (error) {
		installing = undefined; // let a later call retry
		throw error;
	}
}
