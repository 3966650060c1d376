/**
 * The Debian packages queue mode needs (Redis 7, PostgreSQL 15), installed with apt-get when a
 * fresh machine lacks them, the way .ci/run installs Chromium. Only loopback servers are started
 * from them; the system services the packages ship are not used.
 */
import * as fs from 'node:fs';
import { runOk } from '../../e2e/lib/proc';

/** Debian installs each major version under /usr/lib/postgresql/<major>; the newest is used (15 on Debian 12). */
export function pgBin(): string {
	if (process.env.QUEUE_PG_BIN) return process.env.QUEUE_PG_BIN;
	const root = '/usr/lib/postgresql';
	const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
	return `${root}/${majors[0] ?? '15'}/bin`;
}

/** A Debian package and how to tell it is installed. */
export interface Requirement {
	debianPackage: string;
	present(): boolean;
}

export function onPath(command: string): boolean {
	return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && fs.existsSync(`${dir}/${command}`));
}

/**
 * Installs the packages of `requirements` that are missing (needs root, as CI has); a no-op on a
 * prepared machine. Waits for another apt-get that holds the lock (suites run side by side).
 */
export async function installMissing(requirements: Requirement[]): Promise<void> {
	const missing = requirements.filter((r) => !r.present()).map((r) => r.debianPackage);
	if (missing.length === 0) return;
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const lock = ['-o', 'DPkg::Lock::Timeout=600'];
	await runOk('apt-get', [...lock, 'update', '-qq'], { env, timeoutMs: 10 * 60_000 });
	await runOk('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...missing], { env, timeoutMs: 15 * 60_000 });
	const still = requirements.filter((r) => !r.present()).map((r) => r.debianPackage);
	if (still.length > 0) throw new Error(`apt-get install did not provide ${still.join(', ')}`);
}

const REQUIREMENTS: Requirement[] = [
	{ debianPackage: 'redis-server', present: () => onPath('redis-server') && onPath('redis-cli') },
	{ debianPackage: 'postgresql', present: () => fs.existsSync(`${pgBin()}/initdb`) && fs.existsSync(`${pgBin()}/postgres`) && onPath('psql') },
	// runuser (util-linux): initdb and postgres refuse to run as root.
	{ debianPackage: 'util-linux', present: () => onPath('runuser') },
];

let ensured: Promise<void> | undefined;

/** Installs whatever queue mode needs and is missing. */
export async function ensureDebianPackages(): Promise<void> {
	ensured ??= installMissing(REQUIREMENTS);
	await ensured;
}
