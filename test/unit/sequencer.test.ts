/**
 * test/sequencer.js: layers in the order of the n8n installs' state; once every n8n is installed,
 * the longest suite of the last run first, then the suites marked `@mostly-waits`, the unrecorded
 * ones and the others by time whatever their layer, by repository-relative path, so a fresh clone
 * gets the order too.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

type Test = {
	path: string;
	duration?: number;
	context: { config: { displayName: { name: string }; cache: boolean; id: string; haste: object; cacheDirectory: string }; hasteFS: { getSize(): number } };
};
type Sequencer = {
	sort(tests: Test[]): Test[];
	cacheResults(tests: Test[], results: { testResults: Array<{ testFilePath: string; skipped: boolean; numFailingTests: number; perfStats: { start: number; end: number; runtime: number } }> }): void;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LayerSequencer = require('../sequencer.js') as new (options: object) => Sequencer;

const ROOT = path.resolve(__dirname, '..', '..');
const names = (tests: Test[]) => tests.map((t) => path.relative(ROOT, t.path));

describe('the test sequencer', () => {
	let cache: string;
	const saved = process.env.N8N_CACHE_DIR;
	beforeEach(() => {
		cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sequencer-'));
		process.env.N8N_CACHE_DIR = cache;
	});
	afterEach(() => {
		if (saved === undefined) delete process.env.N8N_CACHE_DIR;
		else process.env.N8N_CACHE_DIR = saved;
		fs.rmSync(cache, { recursive: true, force: true });
	});
	// Jest's own record goes to cacheDirectory; the sequencer's to N8N_CACHE_DIR: both in the temporary folder.
	const test = (relative: string, layer: string): Test => ({
		path: path.join(ROOT, relative),
		context: {
			config: { displayName: { name: layer }, cache: false, id: 'sequencer-test', haste: {}, cacheDirectory: cache },
			hasteFS: { getSize: () => 100 },
		},
	});
	const installAll = () => {
		const legs = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'compat', 'n8n-versions.json'), 'utf8')) as Array<{ n8n: string }>;
		for (const leg of legs) {
			fs.mkdirSync(path.join(cache, `n8n-${leg.n8n}`), { recursive: true });
			fs.writeFileSync(path.join(cache, `n8n-${leg.n8n}`, '.complete'), '');
		}
	};
	const suites = () => [
		test('test/unit/a.test.ts', 'unit'),
		test('test/integration/short.test.ts', 'integration'),
		test('test/integration/long.test.ts', 'integration'),
		test('test/integration/new.test.ts', 'integration'),
		test('test/queue/q.queue.test.ts', 'queue'),
	];

	it('runs the layers without n8n first while an n8n is not installed, the real-n8n ones first once all are (nothing recorded)', () => {
		expect(names(new LayerSequencer({}).sort(suites()))[0]).toMatch(/^test\/integration\//);
		installAll();
		expect(names(new LayerSequencer({}).sort(suites()))[0]).toBe('test/queue/q.queue.test.ts');
	});

	it('cold and without a record, starts the suites the typical table knows as long first within their layer', () => {
		const typical = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'suite-seconds.typical.json'), 'utf8')) as Record<string, number>;
		expect(typical['test/e2e/pause.e2e.test.ts']).toBeGreaterThan(30);
		const e2e = [test('test/e2e/a-short.e2e.test.ts', 'e2e'), test('test/e2e/proxy.e2e.test.ts', 'e2e'), test('test/e2e/pause.e2e.test.ts', 'e2e')];
		const order = names(new LayerSequencer({}).sort([...e2e, ...suites()]));
		// Layers first (no n8n is installed here), then by the typical seconds: pause before proxy before the unknown one.
		expect(order[0]).toMatch(/^test\/integration\//);
		expect(order.slice(-3)).toEqual(['test/e2e/pause.e2e.test.ts', 'test/e2e/proxy.e2e.test.ts', 'test/e2e/a-short.e2e.test.ts']);
	});

	it('puts the longest suite of the recorded run first, then the unrecorded ones in layer order, then the others by time whatever their layer', () => {
		installAll();
		const sequencer = new LayerSequencer({});
		const tests = suites();
		const result = (relative: string, seconds: number) => ({
			testFilePath: path.join(ROOT, relative),
			skipped: false,
			numFailingTests: 0,
			perfStats: { start: 1_000, end: 1_000 + seconds * 1000, runtime: seconds * 1000 },
		});
		sequencer.cacheResults(tests, {
			testResults: [result('test/integration/short.test.ts', 2), result('test/integration/long.test.ts', 70), result('test/queue/q.queue.test.ts', 40)],
		});
		expect(JSON.parse(fs.readFileSync(path.join(cache, 'suite-seconds.json'), 'utf8'))).toEqual({
			'test/integration/short.test.ts': 2,
			'test/integration/long.test.ts': 70,
			'test/queue/q.queue.test.ts': 40,
		});
		expect(names(new LayerSequencer({}).sort(suites()))).toEqual([
			'test/integration/long.test.ts',
			'test/integration/new.test.ts',
			'test/unit/a.test.ts',
			'test/queue/q.queue.test.ts',
			'test/integration/short.test.ts',
		]);
	});

	it('starts the suites marked @mostly-waits right after the longest one once every n8n is installed, and records no failing suite', () => {
		const waiting = path.join(cache, 'waiting.e2e.test.ts');
		fs.writeFileSync(waiting, '/**\n * Waits for a clock.\n * @mostly-waits n8n\'s wait tracker\n */\ntest.todo("x");\n');
		const withWaiting = () => [...suites(), test(path.relative(ROOT, waiting), 'e2e')];
		const sequencer = new LayerSequencer({});
		const result = (relative: string, seconds: number, numFailingTests = 0) => ({
			testFilePath: path.join(ROOT, relative),
			skipped: false,
			numFailingTests,
			perfStats: { start: 1_000, end: 1_000 + seconds * 1000, runtime: seconds * 1000 },
		});
		sequencer.cacheResults(withWaiting(), {
			testResults: [result('test/queue/q.queue.test.ts', 300), result('test/integration/long.test.ts', 500, 1), result(path.relative(ROOT, waiting), 60)],
		});
		expect(Object.keys(JSON.parse(fs.readFileSync(path.join(cache, 'suite-seconds.json'), 'utf8')))).not.toContain('test/integration/long.test.ts');
		// Cold: layers only; the mark does not matter while an n8n is still installing.
		expect(names(new LayerSequencer({}).sort(withWaiting()))[0]).toMatch(/^test\/integration\//);
		installAll();
		const order = names(new LayerSequencer({}).sort(withWaiting()));
		// The longest recorded suite first, then the waiting one, then the unrecorded ones (the failed
		// suite is unrecorded again), then the recorded ones by time.
		expect(order.slice(0, 2)).toEqual(['test/queue/q.queue.test.ts', path.relative(ROOT, waiting)]);
		expect(order.slice(2, 4).sort()).toEqual(['test/integration/long.test.ts', 'test/integration/new.test.ts']);
	});

	it('keeps jest’s order when the record is unreadable', () => {
		installAll();
		fs.writeFileSync(path.join(cache, 'suite-seconds.json'), 'not json');
		expect(names(new LayerSequencer({}).sort(suites())).slice(1, 4)).toEqual(
			expect.arrayContaining(['test/integration/short.test.ts', 'test/integration/long.test.ts', 'test/integration/new.test.ts']),
		);
	});
});
