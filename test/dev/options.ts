/** Command line and environment of `npm run dev`. */
import * as os from 'node:os';
import * as path from 'node:path';

export interface DevOptions {
	/** n8n's HTTP port (the editor). */
	n8nPort: number;
	/** The emulator's port; 8765 like `npm run emulator`. */
	emulatorPort: number;
	apiKey: string;
	/** Persistent n8n user folder (database, owner, credential, installed package). */
	userFolder: string;
	/** Start from an empty user folder. */
	fresh: boolean;
}

export const USAGE = `Usage: npm run dev -- [--port 5678] [--emulator-port 8765] [--api-key test-key] [--user-folder DIR] [--fresh]

Starts the service emulator and a real n8n with this package installed as a community package and
a credential for the emulator. Ctrl-C stops both.

  --port           n8n editor port (DEV_N8N_PORT, default 5678)
  --emulator-port  emulator port (EMULATOR_PORT, default 8765)
  --api-key        the emulator's API key (EMULATOR_API_KEY, default test-key)
  --user-folder    n8n user folder kept between runs (DEV_N8N_USER_FOLDER,
                   default ~/.cache/n8n-nodes-document-processing/dev-user)
  --fresh          delete that folder first (new database, owner and credential)`;

function argValue(args: string[], name: string): string | undefined {
	const index = args.indexOf(name);
	if (index >= 0) return args[index + 1];
	return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

function port(text: string, what: string): number {
	const value = Number(text);
	if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${what} must be a port number, got "${text}"`);
	return value;
}

export function parseDevOptions(args: string[], env: NodeJS.ProcessEnv = process.env): DevOptions {
	const known = ['--port', '--emulator-port', '--api-key', '--user-folder', '--fresh', '--help', '-h'];
	const unknown = args.filter((arg, i) => arg.startsWith('-') && !known.includes(arg.split('=')[0]) && !known.includes(args[i - 1] ?? ''));
	if (unknown.length > 0) throw new Error(`unknown option ${unknown[0]}\n\n${USAGE}`);
	const cacheDir = env.N8N_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'n8n-nodes-document-processing');
	const apiKey = argValue(args, '--api-key') ?? env.EMULATOR_API_KEY ?? 'test-key';
	if (apiKey === '') throw new Error('the API key must not be empty');
	return {
		n8nPort: port(argValue(args, '--port') ?? env.DEV_N8N_PORT ?? '5678', '--port'),
		emulatorPort: port(argValue(args, '--emulator-port') ?? env.EMULATOR_PORT ?? '8765', '--emulator-port'),
		apiKey,
		userFolder: path.resolve(argValue(args, '--user-folder') ?? env.DEV_N8N_USER_FOLDER ?? path.join(cacheDir, 'dev-user')),
		fresh: args.includes('--fresh'),
	};
}
