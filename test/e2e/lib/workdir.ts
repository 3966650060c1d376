/**
 * Scratch folders of the harness under WORK_DIR: one folder per run (kept for debugging, the
 * oldest pruned) and a simple cross-process lock.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KEEP_RUNS, WORK_DIR } from './config';
import { sleep } from './proc';

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

function ownerPid(dir: string): number | undefined {
	try {
		const pid = Number(fs.readFileSync(path.join(dir, '.pid'), 'utf8'));
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Kills n8n servers left behind by a test process that died without cleaning up (SIGKILL, OOM):
 * startN8n records each n8n process's pid in the run folder; it is killed only if that process still
 * runs on that run's user folder (checked in /proc/<pid>/environ), so a reused pid is safe. The
 * queue-mode harness's Redis and Postgres record theirs as `service-<name>.pid`, killed only if
 * that process still works in the run folder (/proc/<pid>/cwd).
 */
function reapService(pidFile: string, runDir: string): void {
	try {
		const pid = Number(fs.readFileSync(pidFile, 'utf8'));
		if (fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(runDir)) process.kill(-pid, 'SIGKILL');
	} catch {
		// gone already, or not ours
	}
}

function reapOrphans(runDir: string): void {
	const pidFiles: string[] = [];
	const walk = (dir: string, depth: number): void => {
		if (depth > 3 || !fs.existsSync(dir)) return;
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory() && entry.name !== '.n8n' && entry.name !== 'node_modules') walk(full, depth + 1);
			else if (/^n8n-[a-z0-9-]+\.pid$/.test(entry.name)) pidFiles.push(full);
			else if (/^service-[a-z0-9-]+\.pid$/.test(entry.name)) reapService(full, runDir);
		}
	};
	walk(runDir, 0);
	for (const file of pidFiles) {
		const pid = Number(fs.readFileSync(file, 'utf8'));
		const userFolder = path.dirname(path.dirname(file)); // <user folder>/logs/n8n-<command>.pid
		try {
			const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
			if (environ.includes(`N8N_USER_FOLDER=${userFolder}`)) process.kill(-pid, 'SIGKILL');
		} catch {
			// gone already, or not ours
		}
	}
}

/** Removes all but the newest KEEP_RUNS run folders whose creating process has exited. */
export function pruneRuns(keep = KEEP_RUNS): void {
	const runsDir = path.join(WORK_DIR, 'runs');
	if (!fs.existsSync(runsDir)) return;
	const names = fs.readdirSync(runsDir).sort(); // names start with a sortable timestamp
	for (const [index, name] of names.entries()) {
		const dir = path.join(runsDir, name);
		const pid = ownerPid(dir);
		if (pid !== undefined && isAlive(pid)) continue;
		reapOrphans(dir);
		if (index < names.length - keep) fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Keeps the `keep` most recently modified folders of `parent` (dot folders, e.g. locks, left alone). */
export function keepNewestFolders(parent: string, keep: number): void {
	const dirs = fs
		.readdirSync(parent, { withFileTypes: true })
		.filter((d) => d.isDirectory() && !d.name.startsWith('.'))
		.map((d) => ({ dir: path.join(parent, d.name), mtime: fs.statSync(path.join(parent, d.name)).mtimeMs }))
		.sort((a, b) => b.mtime - a.mtime);
	for (const { dir } of dirs.slice(keep)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A fresh folder `WORK_DIR/runs/<timestamp>-<label>-<pid>`; prunes old runs first. */
export function createRunDir(label = 'run'): string {
	pruneRuns(KEEP_RUNS - 1);
	const stamp = new Date().toISOString().replace(/[:.]/g, '-');
	const safe = label.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40);
	const dir = path.join(WORK_DIR, 'runs', `${stamp}-${safe}-${process.pid}`);
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, '.pid'), String(process.pid));
	return dir;
}

/**
 * Runs `fn` while holding a lock directory (atomic mkdir). A lock whose holder process is dead is
 * taken over. Used so that parallel jest workers build and pack the package only once.
 */
export async function withLock<T>(lockDir: string, fn: () => Promise<T>, timeoutMs = 15 * 60_000): Promise<T> {
	fs.mkdirSync(path.dirname(lockDir), { recursive: true });
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, '.pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const pid = ownerPid(lockDir);
			// No pid yet: the holder is between mkdir and writeFile; give it a moment.
			if (pid !== undefined && !isAlive(pid)) {
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lockDir}`);
			await sleep(250);
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lockDir, { recursive: true, force: true });
	}
}
