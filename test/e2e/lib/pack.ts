/**
 * Builds and packs the package under test exactly as it would be published (`npm run build` +
 * `npm pack`). The tarball is cached under WORK_DIR/packs/<hash of the build inputs>, so a jest
 * run builds at most once (also across workers, thanks to a lock) and an unchanged tree is not
 * rebuilt by the next run. E2E_PACKAGE_TARBALL=<file.tgz> skips building altogether;
 * E2E_FORCE_BUILD=1 ignores the cache.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseEnv, REPO_ROOT, WORK_DIR } from './config';
import { runOk } from './proc';
import { keepNewestFolders, withLock } from './workdir';

/** Files and folders whose content determines the tarball. */
const BUILD_INPUTS = [
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'README.md',
	'LICENSE',
	'LICENSE.md',
	'CHANGELOG.md',
	'nodes',
	'credentials',
	'icons',
	'scripts',
];

function collectFiles(entry: string, out: string[]): void {
	const full = path.join(REPO_ROOT, entry);
	let stat: fs.Stats;
	try {
		stat = fs.statSync(full);
	} catch {
		return;
	}
	if (stat.isDirectory()) {
		for (const name of fs.readdirSync(full).sort()) {
			if (name === 'node_modules' || name.startsWith('.')) continue;
			collectFiles(path.join(entry, name), out);
		}
	} else if (stat.isFile()) {
		out.push(entry);
	}
}

/** Hash of every build input (path + content). */
export function buildInputsHash(): string {
	const files: string[] = [];
	for (const entry of BUILD_INPUTS) collectFiles(entry, files);
	const hash = createHash('sha256');
	for (const file of files) {
		hash.update(file).update('\0').update(fs.readFileSync(path.join(REPO_ROOT, file))).update('\0');
	}
	return hash.digest('hex').slice(0, 16);
}

/** Paths (inside the tarball, without `package/`) that n8n loads: package.json's n8n section. */
export function declaredN8nFiles(): string[] {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	return [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
}

async function checkTarball(tarball: string): Promise<void> {
	const listing = (await runOk('tar', ['-tzf', tarball])).stdout.split('\n').map((l) => l.trim());
	const missing = ['package.json', ...declaredN8nFiles()].filter(
		(file) => !listing.includes(`package/${file.replace(/^\.\//, '')}`),
	);
	if (missing.length > 0) {
		throw new Error(`${tarball} lacks files that package.json declares: ${missing.join(', ')}`);
	}
}

async function buildAndPack(destination: string): Promise<string> {
	const env = baseEnv();
	await runOk('npm', ['run', 'build'], { cwd: REPO_ROOT, env, timeoutMs: 10 * 60_000 });
	fs.mkdirSync(destination, { recursive: true });
	const packed = await runOk('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: REPO_ROOT,
		env,
		timeoutMs: 5 * 60_000,
	});
	const start = packed.stdout.indexOf('[');
	const info = JSON.parse(packed.stdout.slice(start)) as Array<{ filename: string }>;
	const tarball = path.join(destination, path.basename(info[0].filename));
	if (!fs.existsSync(tarball)) throw new Error(`npm pack reported ${tarball}, which does not exist`);
	await checkTarball(tarball);
	return tarball;
}

let packing: Promise<string> | undefined;

/** Returns the path of the packed package tarball, building it if the cache has none. */
export async function packPackage(): Promise<string> {
	const given = process.env.E2E_PACKAGE_TARBALL;
	if (given) {
		const tarball = path.resolve(given);
		await checkTarball(tarball);
		return tarball;
	}
	packing ??= (async () => {
		const packsDir = path.join(WORK_DIR, 'packs');
		return await withLock(path.join(packsDir, '.lock'), async () => {
			const hash = buildInputsHash();
			const dir = path.join(packsDir, hash);
			const marker = path.join(dir, 'tarball');
			if (process.env.E2E_FORCE_BUILD !== '1' && fs.existsSync(marker)) {
				const cached = fs.readFileSync(marker, 'utf8').trim();
				if (fs.existsSync(cached)) return cached;
			}
			fs.rmSync(dir, { recursive: true, force: true });
			keepNewestFolders(packsDir, 4);
			const tarball = await buildAndPack(dir);
			// Somebody edited sources during the build: use the tarball, but do not cache it.
			if (buildInputsHash() === hash) fs.writeFileSync(marker, tarball);
			return tarball;
		});
	})();
	try {
		return await packing;
	} catch (error) {
		packing = undefined;
		throw error;
	}
}
