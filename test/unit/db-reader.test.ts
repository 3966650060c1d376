/**
 * test/e2e/lib/db-reader.ts against a stand-in for db-query.cjs (same line protocol, no n8n
 * install needed): answers in order, the script's error as the read's error, a new reader after
 * one exited, and none left running that keeps the test process alive.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readDatabase } from '../e2e/lib/db-reader';
import { killAllChildren } from '../e2e/lib/proc';

const STAND_IN = `
const readline = require('node:readline');
let served = 0;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
	const { id, request } = JSON.parse(line);
	served++;
	if (request.op === 'fail') process.stdout.write(JSON.stringify({ id, error: 'Error: no such table' }) + '\\n');
	else if (request.op === 'exit') process.exit(3);
	else setTimeout(() => process.stdout.write(JSON.stringify({ id, result: { echo: request.n, pid: process.pid, served } }) + '\\n'), request.delay ?? 0);
});
`;

describe('db-reader: one long-lived reader per database', () => {
	let dir: string;
	let script: string;
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-reader-'));
		script = path.join(dir, 'stand-in.cjs');
		fs.writeFileSync(script, STAND_IN);
	});
	afterAll(() => {
		killAllChildren();
		fs.rmSync(dir, { recursive: true, force: true });
	});
	const read = <T>(database: string, request: Record<string, unknown>) => readDatabase<T>(process.execPath, script, database, { PATH: process.env.PATH ?? '' }, request);

	it('answers many reads from one process, each with its own answer', async () => {
		type Answer = { echo: number; pid: number; served: number };
		const answers = await Promise.all([3, 1, 2].map((n) => read<Answer>('a.sqlite', { op: 'echo', n, delay: n * 20 })));
		expect(answers.map((a) => a.echo)).toEqual([3, 1, 2]);
		expect(new Set(answers.map((a) => a.pid)).size).toBe(1);
		const later = await read<Answer>('a.sqlite', { op: 'echo', n: 4 });
		expect(later).toMatchObject({ pid: answers[0].pid, served: 4 });
		// Another database, another reader.
		expect((await read<Answer>('b.sqlite', { op: 'echo', n: 5 })).pid).not.toBe(answers[0].pid);
	});

	it('rejects with the script’s error, and starts a new reader after one exited', async () => {
		await expect(read('c.sqlite', { op: 'fail' })).rejects.toThrow('no such table');
		const before = await read<{ pid: number }>('c.sqlite', { op: 'echo', n: 1 });
		await expect(read('c.sqlite', { op: 'exit' })).rejects.toThrow(/db-query\.cjs exited \(code 3/);
		const after = await read<{ pid: number }>('c.sqlite', { op: 'echo', n: 2 });
		expect(after.pid).not.toBe(before.pid);
	});
});
