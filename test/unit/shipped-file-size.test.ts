/**
 * No shipped source file passes 250 lines (CONTRIBUTING.md, issue 46): every `.ts` file under
 * nodes/ and credentials/, generated data included (the connector table is JSON, not source).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const MAX_LINES = 250;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
	});
}

const lines = (file: string): number => readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('shipped source files', () => {
	const files = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))];

	it('finds the sources', () => {
		expect(files).toEqual(expect.arrayContaining(['nodes/DocumentProcessing/DocumentProcessing.node.ts', 'credentials/DocumentProcessingApi.credentials.ts']));
		expect(files.length).toBeGreaterThan(100);
	});

	it(`are at most ${MAX_LINES} lines each`, () => {
		const long = files.filter((file) => lines(file) > MAX_LINES).map((file) => `${file}: ${lines(file)} lines`);
		expect(long).toEqual([]);
	});
});
