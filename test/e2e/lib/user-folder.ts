/**
 * An n8n user folder (N8N_USER_FOLDER, data in `<folder>/.n8n`): its well-known paths, its layout
 * and the n8n version it is bound to.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { N8N_VERSION } from './config';

/** Well-known paths inside a user folder. */
export function userFolderPaths(userFolder: string) {
	const dotN8n = path.join(userFolder, '.n8n');
	return {
		root: userFolder,
		/** n8n's data folder (config, database.sqlite, binary data, ...). */
		dotN8n,
		/** Community packages folder: `npm install` happens here. */
		nodesDir: path.join(dotN8n, 'nodes'),
		database: path.join(dotN8n, 'database.sqlite'),
		/** The only folder nodes may read/write files in (N8N_RESTRICT_FILE_ACCESS_TO). */
		filesDir: path.join(userFolder, 'files'),
		/** Server log, one log per CLI call, imported JSON files. */
		logsDir: path.join(userFolder, 'logs'),
		importsDir: path.join(userFolder, 'imports'),
		/** Which n8n version the folder belongs to (absent: N8N_VERSION). */
		versionFile: path.join(userFolder, 'n8n-version'),
	};
}

/**
 * Creates (or completes) the folder layout of a user folder and returns its path. With `version`,
 * the folder is bound to that n8n version: server, CLI calls and database reads on it use that
 * install (a database migrated by one version must not be opened by another).
 */
export function createUserFolder(userFolder: string, version?: string): string {
	const p = userFolderPaths(userFolder);
	for (const dir of [p.dotN8n, p.nodesDir, p.filesDir, p.logsDir, p.importsDir]) {
		fs.mkdirSync(dir, { recursive: true });
	}
	if (version !== undefined) fs.writeFileSync(p.versionFile, version);
	return userFolder;
}

/** The n8n version a user folder belongs to (see createUserFolder). */
export function n8nVersionOf(userFolder: string): string {
	try {
		return fs.readFileSync(userFolderPaths(userFolder).versionFile, 'utf8').trim() || N8N_VERSION;
	} catch {
		return N8N_VERSION;
	}
}
