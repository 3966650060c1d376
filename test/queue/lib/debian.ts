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

interface Requirement {
	debianPackage: string;
	present(): boolean;
}

function onPath(command: string): boolean {
	return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && fs.existsSync(`${dir}/${command}`));
}

const REQUIREMENTS: Requirement[] = [
	{ debianPackage: 'redis-server', present: () => onPath('redis-server') && onPath('redis-cli') },
	{ debianPackage: 'postgresql', present: () => fs.existsSync(`${pgBin()}/initdb`) && fs.existsSync(`${pgBin()}/postgres`) && onPath('psql') },
	// runuser (util-linux): initdb and postgres refuse to run as root.
	{ debianPackage: 'util-linux', present: () => onPath('runuser') },
];

let ensured: Promise<void> | undefined;

/** Installs whatever is missing (needs root, as CI has); a no-op on a prepared machine. */
export async function ensureDebianPackages(): Promise<void> {
	ensured ??= (async () => {
		const missing = REQUIREMENTS.filter((r) => !r.present()).map((r) => r.debianPackage);
		if (missing.length === 0) return;
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		await runOk('apt-get', ['update', '-qq'], { env, timeoutMs: 10 * 60_000 });
		await runOk('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env, timeoutMs: 15 * 60_000 });
		const still = REQUIREMENTS.filter((r) => !r.present()).map((r) => r.debianPackage);
		if (still.length > 0) throw new Error(`apt-get install did not provide ${still.join(', ')}`);
	})();
	await ensured;
}
