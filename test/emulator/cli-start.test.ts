/**
 * `npm run emulator` exactly as the README offers it (issue 51): npm runs the package script
 * (ts-node over test/emulator/cli.ts, with the repository's own tsconfig), and a connector of a
 * checked type is created through it over HTTP. Under ts-node, `require('./connectorTable')` once
 * found connectorTable.json before connectorTable.ts, so the table was undefined and every checked
 * Create Source answered 500; jest resolves `.ts` first, so only a started script shows it
 * (test/unit/module-json-names.test.ts keeps such pairs from coming back).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const API_KEY = 'test-key';
const MASK = '**********';

interface Started {
	child: ChildProcess;
	url: string;
	exited: Promise<number | null>;
}

/** `npm run emulator -- --port 0` (a free port) in the repository, until its banner names the base URL. */
function startAsUsersDo(): Promise<Started> {
	// Its own process group, so stopping it reaches npm, the shell npm starts and ts-node.
	const child = spawn('npm', ['run', 'emulator', '--', '--port', '0'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return new Promise((resolve, reject) => {
		let output = '';
		const timer = setTimeout(() => reject(new Error(`npm run emulator did not start: ${output}`)), 60_000);
		const onData = (chunk: Buffer): void => {
			output += chunk.toString();
			const base = /base URL:\s+(\S+)/.exec(output)?.[1];
			if (base === undefined) return;
			clearTimeout(timer);
			resolve({ child, url: base, exited });
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		void exited.then((code) => {
			clearTimeout(timer);
			reject(new Error(`npm run emulator exited early with ${String(code)}: ${output}`));
		});
	});
}

async function create(url: string, collection: 'sources' | 'destinations', body: Record<string, unknown>) {
	const response = await fetch(`${url}/api/v1/${collection}`, {
		method: 'POST',
		headers: { 'service-api-key': API_KEY, 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as { id?: string; name?: string; type?: string; config?: Record<string, unknown>; detail?: unknown } };
}

describe('npm run emulator, started as the README says', () => {
	let started: Started | undefined;

	beforeAll(async () => {
		started = await startAsUsersDo();
	}, 70_000);

	afterAll(async () => {
		if (started?.child.pid === undefined) return;
		process.kill(-started.child.pid, 'SIGTERM');
		await started.exited;
	});

	const url = (): string => {
		if (!started) throw new Error('npm run emulator did not start');
		return started.url;
	};

	it('listens on loopback with the README’s API key', async () => {
		expect(url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const key = await fetch(`${url()}/api/v1/users/retrieve`, { method: 'POST', headers: { 'service-api-key': API_KEY, accept: 'application/json' } });
		expect(key.status).toBe(200);
	});

	it('creates an S3 source: 2xx, the config echoed with its secrets masked', async () => {
		const config = { remote_url: 's3://reports/incoming/', key: 'AKIAEXAMPLEKEY', secret: 'example-secret-value' };
		const { status, body } = await create(url(), 'sources', { name: 'Reports in S3', type: 's3', config });
		expect({ status, detail: body.detail }).toEqual({ status: 200, detail: undefined });
		expect(body).toMatchObject({ id: expect.any(String), name: 'Reports in S3', type: 's3' });
		expect(body.config).toMatchObject({ remote_url: 's3://reports/incoming/', key: MASK, secret: MASK });
		expect(JSON.stringify(body)).not.toContain('example-secret-value');
	});

	it('creates a Pinecone destination: 2xx, the config echoed with its API key masked', async () => {
		const config = { api_key: 'pc-example-api-key', index_name: 'documents', namespace: 'reports' };
		const { status, body } = await create(url(), 'destinations', { name: 'Reports index', type: 'pinecone', config });
		expect({ status, detail: body.detail }).toEqual({ status: 200, detail: undefined });
		expect(body).toMatchObject({ id: expect.any(String), name: 'Reports index', type: 'pinecone' });
		expect(body.config).toMatchObject({ api_key: MASK, index_name: 'documents', namespace: 'reports' });
		expect(JSON.stringify(body)).not.toContain('pc-example-api-key');
	});
});
