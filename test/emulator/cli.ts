import { startEmulator } from './index';

interface CliOptions {
	port: number;
	apiKey: string;
}

function argValue(args: string[], name: string): string | undefined {
	const index = args.indexOf(name);
	if (index >= 0) return args[index + 1];
	const inline = args.find((arg) => arg.startsWith(`${name}=`));
	return inline?.slice(name.length + 1);
}

function parseOptions(args: string[]): CliOptions {
	const portText = argValue(args, '--port') ?? process.env.EMULATOR_PORT ?? '8765';
	const port = Number(portText);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${portText}`);
	const apiKey = argValue(args, '--api-key') ?? process.env.EMULATOR_API_KEY ?? 'test-key';
	if (apiKey === '') throw new Error('the API key must not be empty');
	return { port, apiKey };
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	// Jobs take a visible amount of time when a person is watching (tests use 300 ms).
	const emulator = await startEmulator({ port: options.port, apiKey: options.apiKey, config: { job_duration_ms: 2000 } });
	console.log('Document-processing service emulator');
	console.log(`  base URL:      ${emulator.url}`);
	console.log(`  partition URL: ${emulator.partitionUrl}`);
	console.log(`  control:       ${emulator.url}/_emulator/state`);
	console.log('  API key is sent in the service-api-key header (set with --api-key or EMULATOR_API_KEY).');
	let stopping = false;
	const stop = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		console.log(`Received ${signal}, stopping.`);
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error(`Emulator failed to start: ${(error as Error).message}`);
	process.exit(1);
});
