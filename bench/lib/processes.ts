import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

/** Node arguments that run a TypeScript file the way `npx ts-node --transpile-only` does. */
export function tsNodeArgs(file: string, nodeOptions: string[] = []): string[] {
	return [...nodeOptions, '-r', 'ts-node/register/transpile-only', resolve(ROOT, file)];
}

/** Runs a TypeScript script in a fresh Node process and returns its stdout; rejects on a non-zero exit. */
export function runTs(file: string, args: string[], nodeOptions: string[] = []): Promise<string> {
	return new Promise((done, fail) => {
		const child = spawn(process.execPath, [...tsNodeArgs(file, nodeOptions), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		child.on('error', fail);
		child.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`${file} ${args.join(' ')} exited with ${code}:\n${err || out}`))));
	});
}

/** The last line of a worker's stdout, parsed: workers print exactly one JSON result line at the end. */
export function lastJsonLine<T>(out: string): T {
	const line = out.trim().split('\n').pop() ?? '';
	return JSON.parse(line) as T;
}

export function stopChild(child: ChildProcess): Promise<void> {
	return new Promise((done) => {
		if (child.exitCode !== null || child.signalCode !== null) return done();
		child.once('exit', () => done());
		child.kill('SIGTERM');
	});
}

export const EMULATOR_CHILD = join('bench', 'lib', 'emulator-child.ts');

/** A bench's entry point: a failure prints its stack and ends the process with exit code 1. */
export function runBench(main: () => Promise<void>): void {
	main().catch((error: unknown) => {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		process.exit(1);
	});
}

/** A positive number given as `--name value` on the command line, or `fallback`. */
export function numberOption(name: string, fallback: number): number {
	const index = process.argv.indexOf(`--${name}`);
	const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
	return Number.isFinite(value) && value > 0 ? value : fallback;
}
