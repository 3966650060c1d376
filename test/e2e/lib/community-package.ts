/** The package installed into an n8n user folder as a community package, the two ways a user gets it there. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, WORK_DIR } from './config';
import { runOk } from './proc';
import { createUserFolder, userFolderPaths } from './user-folder';
import { keepNewestFolders, withLock } from './workdir';

export interface InstalledPackage {
	name: string;
	version: string;
	/** `<user folder>/.n8n/nodes/node_modules/<name>` */
	directory: string;
}

export interface InstallPackageOptions {
	/**
	 * `npm` (default): what the README tells users, `npm install <package>` in `~/.n8n/nodes`, with
	 * peer dependencies omitted: n8n-workflow must resolve to n8n's own copy (n8n puts its
	 * node_modules on NODE_PATH), not to a second one npm would fetch.
	 * `n8n`: what Settings → Community Nodes does in n8n 2.40.7: unpack the tarball into
	 * `nodes/node_modules/<name>`, drop dev/peer/optional dependencies from its package.json,
	 * `npm install` inside it (shallow, no scripts, no lock), and record it in nodes/package.json.
	 */
	method?: 'npm' | 'n8n';
	/** `npm` method only: install peer dependencies too, as a plain `npm install` (npm ≥ 7) does. */
	withPeers?: boolean;
}

/** Installs a package tarball into a user folder as a community package. */
export async function installPackage(
	userFolder: string,
	tarballPath: string,
	options: InstallPackageOptions = {},
): Promise<InstalledPackage> {
	createUserFolder(userFolder);
	const { nodesDir, logsDir } = userFolderPaths(userFolder);
	const tarball = path.resolve(tarballPath);
	const env = baseEnv();
	const logFile = path.join(logsDir, 'install-package.log');
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) writeEmptyNodesManifest(manifest);
	let name: string;
	if ((options.method ?? 'npm') === 'npm') {
		const installed = await npmInstallOnce(tarball, options.withPeers === true);
		// The tree npm wrote for this tarball, as npm would write it again here (no install scripts,
		// nothing outside node_modules); the manifest names the tarball by its absolute path.
		fs.cpSync(path.join(installed.directory, 'node_modules'), path.join(nodesDir, 'node_modules'), {
			recursive: true,
			verbatimSymlinks: true,
		});
		recordDependency(manifest, installed.name, `file:${tarball}`);
		fs.appendFileSync(logFile, `copied ${installed.directory}/node_modules (npm install ran once for this tarball: ${installed.log})\n`);
		name = installed.name;
	} else {
		const staging = fs.mkdtempSync(path.join(nodesDir, '.unpack-'));
		try {
			await runOk('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1'], { logFile });
			const pkgFile = path.join(staging, 'package.json');
			const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown> & {
				name: string;
				version: string;
			};
			delete pkg.devDependencies;
			delete pkg.peerDependencies;
			delete pkg.optionalDependencies;
			fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
			name = pkg.name;
			const target = path.join(nodesDir, 'node_modules', name);
			fs.rmSync(target, { recursive: true, force: true });
			fs.mkdirSync(path.dirname(target), { recursive: true });
			fs.renameSync(staging, target);
			await runOk(
				'npm',
				['install', '--bin-links=false', '--install-strategy=shallow', '--package-lock=false', ...NPM_QUIET],
				{ cwd: target, env, logFile },
			);
			recordDependency(manifest, name, pkg.version);
		} finally {
			fs.rmSync(staging, { recursive: true, force: true });
		}
	}
	const directory = path.join(nodesDir, 'node_modules', name);
	const installed = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
		version: string;
	};
	return { name, version: installed.version, directory };
}

/** The `package.json` of an n8n nodes folder before anything is installed into it. */
function writeEmptyNodesManifest(file: string): void {
	fs.writeFileSync(file, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
}

/** Adds (or replaces) one dependency of a nodes folder's `package.json`, as an install records it. */
function recordDependency(manifest: string, name: string, spec: string): void {
	const nodesManifest = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
	nodesManifest.dependencies = { ...nodesManifest.dependencies, [name]: spec };
	fs.writeFileSync(manifest, JSON.stringify(nodesManifest, null, 2));
}

// --prefer-offline: metadata npm has cached is not asked for again (the tree is the same).
const NPM_QUIET = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=warn', '--prefer-offline'];

/**
 * `npm install <tarball>` (dev and, unless `withPeers`, peer dependencies omitted) in an empty
 * nodes folder, once per tarball content for all suites and workers of a run: each install asked
 * the registry for 27 packages' metadata (15–28 s, 7 CPU s), six times a run, for the same tree.
 */
async function npmInstallOnce(tarball: string, withPeers: boolean): Promise<{ name: string; directory: string; log: string }> {
	const digest = createHash('sha256').update(fs.readFileSync(tarball)).digest('hex').slice(0, 16);
	const installsDir = path.join(WORK_DIR, 'npm-installs');
	const directory = path.join(installsDir, `${digest}-${withPeers ? 'with-peers' : 'without-peers'}`);
	const done = path.join(directory, 'installed-name');
	const log = path.join(directory, 'install.log');
	return await withLock(path.join(installsDir, '.lock'), async () => {
		if (!fs.existsSync(done)) {
			fs.rmSync(directory, { recursive: true, force: true });
			keepNewestFolders(installsDir, 4);
			fs.mkdirSync(directory, { recursive: true });
			const manifest = path.join(directory, 'package.json');
			writeEmptyNodesManifest(manifest);
			const peers = withPeers ? [] : ['--omit=peer'];
			await runOk('npm', ['install', tarball, '--omit=dev', ...peers, ...NPM_QUIET], { cwd: directory, env: baseEnv(), logFile: log });
			const deps = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> }).dependencies;
			const entry = Object.entries(deps).find(([, spec]) => spec.includes(path.basename(tarball)));
			if (!entry) throw new Error(`npm install did not record ${tarball} in ${manifest}`);
			fs.writeFileSync(done, entry[0]);
		}
		return { name: fs.readFileSync(done, 'utf8').trim(), directory, log };
	});
}
