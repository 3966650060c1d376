import { startEmulator } from '../test/emulator';

/**
 * The benchmark's service: its own process, so its CPU and memory never mix with the clients'
 * measurements. Prints one JSON line with its address, then serves until it is killed.
 */
async function main(): Promise<void> {
	const perPageDelayMs = Number(process.argv[2] ?? '50');
	const emulator = await startEmulator({
		config: {
			per_page_delay_ms: perPageDelayMs,
			// Bench only: the SDK sends its key in its own header.
			accept_sdk_header: true,
			// Parse every benchmark file, so a whole 300-page file is also charged 300 pages.
			max_parse_bytes: 1024 * 1024 * 1024,
			request_log_limit: 100,
		},
	});
	process.stdout.write(`${JSON.stringify({ url: emulator.url, partitionUrl: emulator.partitionUrl, apiKey: emulator.apiKey })}\n`);
	const stop = () => void emulator.close().then(() => process.exit(0));
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
	process.on('disconnect', stop);
}

void main();
