/**
 * The persistent user folder of `npm run dev`: the package is reinstalled only when the packed
 * tarball changed, and an n8n left running by a killed earlier run is stopped first.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { createUserFolder, installPackage, userFolderPaths, type InstalledPackage } from '../e2e/n8n';

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * Installs the tarball as a community package unless exactly this tarball is installed already.
 * The nodes folder holds only this package, so it is emptied first: npm would otherwise still
 * resolve the previous tarball's path, which the pack cache may have pruned.
 */
export async function installIfChanged(userFolder: string, tarball: string): Promise<{ installed: InstalledPackage; reinstalled: boolean }> {
	createUserFolder(userFolder);
	const { nodesDir } = userFolderPaths(userFolder);
	const marker = path.join(userFolder, 'installed-tarball.sha256');
	const wanted = sha256(tarball);
	const current = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : '';
	const manifest = path.join(nodesDir, 'package.json');
	if (current === wanted && fs.existsSync(manifest)) {
		const deps = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
		const [name] = Object.keys(deps);
		const directory = name ? path.join(nodesDir, 'node_modules', name) : '';
		if (name && fs.existsSync(path.join(directory, 'package.json'))) {
			const { version } = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string };
			return { installed: { name, version, directory }, reinstalled: false };
		}
	}
	fs.rmSync(marker, { force: true });
	fs.rmSync(nodesDir, { recursive: true, force: true });
	const installed = await installPackage(userFolder, tarball);
	fs.writeFileSync(marker, wanted);
	return { installed, reinstalled: true };
}

/** Stops an n8n that a killed earlier `npm run dev` left running on this user folder. */
export function stopLeftoverServer(userFolder: string): boolean {
	const pidFile = path.join(userFolderPaths(userFolder).logsDir, 'n8n-server.pid');
	if (!fs.existsSync(pidFile)) return false;
	const pid = Number(fs.readFileSync(pidFile, 'utf8'));
	try {
		// Only if that pid is still an n8n on this folder (pids get reused).
		const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
		if (!environ.includes(`N8N_USER_FOLDER=${userFolder}`)) return false;
		process.kill(-pid, 'SIGTERM');
		return true;
	} catch {
		return false;
	}
}

/** Resolves when nothing listens on 127.0.0.1:port any more (or rejects after the timeout). */
export async function waitUntilFree(port: number, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await isFree(port))) {
		if (Date.now() > deadline) throw new Error(`port ${port} is in use (another n8n?); stop it or choose another with --port`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

export async function isFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}
