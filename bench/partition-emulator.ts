import cluster from 'node:cluster';
import { startEmulator, type EmulatorConfig } from '../test/emulator';

/**
 * The benchmark's service: its own process(es), so its CPU and memory never mix with the clients'
 * measurements. argv: <per-page delay ms> [processes]. Prints one JSON line with its address (and
 * the pids whose CPU time is the service's), then serves until it is killed.
 *
 * With more than one process the emulator runs as a node:cluster sharing one port: a hosted
 * service reads concurrent uploads on many machines, while one emulator process reads and parses
 * every request's body on its one thread, so concurrent ranges queue there for each other (about
 * 17 ms per 2 MB range) before their processing time even starts. Each process is a whole emulator
 * with the same configuration; the orchestrator changes the configuration of all of them over IPC
 * (a control request over HTTP would reach one). Request logs and faults stay per process, so the
 * fault table uses a single-process emulator.
 */

export interface ConfigMessage {
	config: Partial<EmulatorConfig>;
}

function startConfig(perPageDelayMs: number): Partial<EmulatorConfig> {
	return {
		per_page_delay_ms: perPageDelayMs,
		// Bench only: the SDK sends its key in its own header.
		accept_sdk_header: true,
		// Parse every benchmark file, so a whole 300-page file is also charged 300 pages.
		max_parse_bytes: 1024 * 1024 * 1024,
		request_log_limit: 100,
	};
}

async function serve(perPageDelayMs: number, announce: (line: string) => void): Promise<void> {
	const emulator = await startEmulator({ config: startConfig(perPageDelayMs) });
	process.on('message', (message: ConfigMessage) => {
		emulator.setConfig(message.config);
		process.send?.('configured');
	});
	announce(JSON.stringify({ url: emulator.url, partitionUrl: emulator.partitionUrl, apiKey: emulator.apiKey, pids: [process.pid] }));
	const stop = () => void emulator.close().then(() => process.exit(0));
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	process.on('disconnect', stop);
}

/** Forks the processes; prints the address once all listen; passes configuration changes to all. */
function primary(processes: number): void {
	const workers = Array.from({ length: processes }, () => cluster.fork());
	// Every process announces the same address (one shared port) and its own pid.
	const ready: Array<Record<string, unknown> & { pids: number[] }> = [];
	for (const worker of workers) {
		worker.once('message', (line: string) => {
			ready.push(JSON.parse(line) as Record<string, unknown> & { pids: number[] });
			if (ready.length < processes) return;
			process.stdout.write(`${JSON.stringify({ ...ready[0], pids: [process.pid, ...ready.flatMap((r) => r.pids)] })}\n`);
		});
	}
	process.on('message', (message: ConfigMessage) => {
		let pending = workers.length;
		for (const worker of workers) {
			worker.once('message', () => {
				pending -= 1;
				if (pending === 0) process.send?.('configured');
			});
			worker.send(message);
		}
	});
	const stop = () => {
		for (const worker of workers) worker.kill('SIGTERM');
		process.exit(0);
	};
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	process.on('disconnect', stop);
}

function main(): void {
	const perPageDelayMs = Number(process.argv[2] ?? '50');
	const processes = Math.max(1, Number(process.argv[3] ?? '1'));
	if (processes > 1 && cluster.isPrimary) return primary(processes);
	// A cluster worker announces to the primary; a single process prints its address itself.
	void serve(perPageDelayMs, cluster.isWorker ? (line) => process.send?.(line) : (line) => process.stdout.write(`${line}\n`));
}

main();
