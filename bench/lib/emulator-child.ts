import { startEmulator } from '../../test/emulator';

/**
 * The benchmarks' service, in a process of its own so its CPU time and its buffers (it reads
 * every uploaded byte) never mix with the client's figures. argv[2]: JSON emulator config; argv[3]:
 * a loopback address to listen on (default 127.0.0.1; 127.0.0.N gives each emulator its own origin).
 * Prints one JSON line with its address, then serves until killed or its parent goes away.
 */
async function main(): Promise<void> {
	const config = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
	const emulator = await startEmulator({ port: 0, config, host: process.argv[3] });
	process.stdout.write(`${JSON.stringify({ url: emulator.url, partitionUrl: emulator.partitionUrl, apiKey: emulator.apiKey })}\n`);
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		void emulator.close().then(() => process.exit(0));
	};
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	process.on('disconnect', stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
