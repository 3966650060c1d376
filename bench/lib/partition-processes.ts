import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import type { EmulatorConfig } from '../../test/emulator';
import type { ConfigMessage } from '../partition-emulator';
import type { PlanName, Variant, WorkerResult } from '../partition-worker';
import { ROOT } from './processes';

/**
 * The partition benchmark's processes: the worker and the emulator launcher compiled to plain JS
 * (no TypeScript compiler in the measured processes), the emulator in its own process, one worker
 * process per measured run.
 */

const BUILD_DIR = join(ROOT, 'node_modules', '.cache', 'partition-bench');

export interface SampleFile {
	label: string;
	pages: number;
	path: string;
	bytes: number;
}

/** Emits the worker and the emulator launcher (and what they import) as CommonJS next to node_modules. */
export function compile(): void {
	const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!config) throw new Error('cannot read tsconfig.json');
	const options: ts.CompilerOptions = {
		...config.options,
		outDir: BUILD_DIR,
		rootDir: ROOT,
		noEmit: false,
		sourceMap: false,
		declaration: false,
		incremental: false,
	};
	// The PDF worker's entry too: nothing imports it, the PDF workers start it by its path.
	const roots = ['bench/partition-worker.ts', 'bench/partition-emulator.ts', 'nodes/DocumentProcessing/pdf/pdfWorker.ts'];
	const program = ts.createProgram(roots.map((root) => join(ROOT, root)), options);
	const emitted = program.emit();
	if (emitted.emitSkipped) throw new Error('compiling the benchmark failed');
}

function runProcess(args: string[]): Promise<string> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`${args.join(' ')} exited with ${code}: ${err || out}`))));
	});
}

export interface EmulatorProcess {
	json: string;
	/** How many emulator processes serve (see bench/partition-emulator.ts). */
	processes: number;
	/** CPU time the service (emulator) processes have used so far, where Linux tells it. */
	cpuMs(): number | undefined;
	/** Changes the configuration of every emulator process. */
	configure(config: Partial<EmulatorConfig>): Promise<void>;
	stop(): void;
}

/** utime + stime of a process from /proc (clock ticks of 10 ms, Linux's USER_HZ). */
function processCpuMs(pid: number | undefined): number | undefined {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
		const ticks = Number(fields[11]) + Number(fields[12]);
		return Number.isFinite(ticks) ? ticks * 10 : undefined;
	} catch {
		return undefined;
	}
}

function totalCpuMs(pids: number[]): number | undefined {
	const times = pids.map(processCpuMs);
	return times.some((time) => time === undefined) ? undefined : times.reduce<number>((sum, time) => sum + (time ?? 0), 0);
}

/** The emulator in `processes` processes sharing one port (one: a plain emulator process). */
export function startEmulatorProcess(delayMs: number, processes = 1): Promise<EmulatorProcess> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(process.execPath, [join(BUILD_DIR, 'bench/partition-emulator.js'), String(delayMs), String(processes)], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
		});
		const configure = (config: Partial<EmulatorConfig>): Promise<void> =>
			new Promise((done) => {
				child.once('message', () => done());
				const message: ConfigMessage = { config };
				child.send(message);
			});
		let out = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const line = out.split('\n')[0];
			if (!out.includes('\n') || !line) return;
			const { pids } = JSON.parse(line) as { pids: number[] };
			resolvePromise({ json: line, processes, cpuMs: () => totalCpuMs(pids), configure, stop: () => child.kill('SIGTERM') });
		});
		child.on('error', reject);
		child.on('exit', (code) => reject(new Error(`the emulator exited early (${code})`)));
	});
}

export type Measured = WorkerResult & { serviceCpuMs?: number };

export async function measure(emulator: EmulatorProcess, variant: Variant, file: SampleFile, concurrency: number, plan: PlanName = 'node'): Promise<Measured> {
	// The worker's warm-up uses its own in-process emulator, so this counts the measured run only.
	const serviceBefore = emulator.cpuMs();
	const out = await runProcess(['--expose-gc', join(BUILD_DIR, 'bench/partition-worker.js'), variant, file.path, emulator.json, String(concurrency), plan]);
	const serviceAfter = emulator.cpuMs();
	const result = JSON.parse(out.trim().split('\n').pop() ?? '') as WorkerResult;
	return serviceBefore === undefined || serviceAfter === undefined ? result : { ...result, serviceCpuMs: serviceAfter - serviceBefore };
}

export async function control<T>(emulator: EmulatorProcess, path: string, method = 'GET', body?: unknown): Promise<T> {
	const { url } = JSON.parse(emulator.json) as { url: string };
	const response = await fetch(`${url}/_emulator/${path}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`emulator control ${path}: ${response.status} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}
