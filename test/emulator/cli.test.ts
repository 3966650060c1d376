import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(__dirname, 'cli.ts');
const TS_NODE = require.resolve('ts-node/dist/bin.js');

interface StartedCli {
	child: ChildProcess;
	url: string;
	partitionUrl: string;
	exited: Promise<number | null>;
}

/** Starts the CLI the way `npm run emulator` does (ts-node --transpile-only) and waits for its banner. */
function startCli(args: string[], env: Record<string, string> = {}): Promise<StartedCli> {
	const child = spawn(process.execPath, [TS_NODE, '--transpile-only', CLI, ...args], {
		cwd: join(__dirname, '..', '..'),
		// Keeps ts-node on CommonJS whatever tsconfig it finds (or does not find) around the test.
		env: { ...process.env, TS_NODE_COMPILER_OPTIONS: JSON.stringify({ module: 'commonjs', moduleResolution: 'node' }), ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return new Promise((resolve, reject) => {
		let output = '';
		const timer = setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 20_000);
		const onData = (chunk: Buffer): void => {
			output += chunk.toString();
			const base = /base URL:\s+(\S+)/.exec(output);
			const partition = /partition URL:\s+(\S+)/.exec(output);
			if (base?.[1] !== undefined && partition?.[1] !== undefined) {
				clearTimeout(timer);
				resolve({ child, url: base[1], partitionUrl: partition[1], exited });
			}
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		void exited.then((code) => {
			clearTimeout(timer);
			reject(new Error(`CLI exited early with ${String(code)}: ${output}`));
		});
	});
}

describe('emulator CLI', () => {
	jest.setTimeout(30_000);

	it('prints both URLs, uses --port/--api-key and the CLI job duration, and stops on SIGTERM', async () => {
		const cli = await startCli(['--port', '0', '--api-key', 'cli-key']);
		try {
			expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(cli.partitionUrl).toBe(`${cli.url}/general/v0/general`);
			expect((await fetch(`${cli.url}/api/v1/users/retrieve`, { method: 'POST', headers: { 'service-api-key': 'cli-key' } })).status).toBe(200);
			expect((await fetch(`${cli.url}/api/v1/users/retrieve`, { method: 'POST', headers: { 'service-api-key': 'test-key' } })).status).toBe(401);
			const config = (await (await fetch(`${cli.url}/_emulator/config`)).json()) as { job_duration_ms: number };
			expect(config.job_duration_ms).toBe(2000);
		} finally {
			cli.child.kill('SIGTERM');
		}
		expect(await cli.exited).toBe(0);
	});

	it('reads EMULATOR_PORT / EMULATOR_API_KEY and stops on SIGINT', async () => {
		const cli = await startCli([], { EMULATOR_PORT: '0', EMULATOR_API_KEY: 'env-key' });
		try {
			expect((await fetch(`${cli.url}/api/v1/users/retrieve`, { method: 'POST', headers: { 'service-api-key': 'env-key' } })).status).toBe(200);
		} finally {
			cli.child.kill('SIGINT');
		}
		expect(await cli.exited).toBe(0);
	});
});
