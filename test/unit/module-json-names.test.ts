/**
 * No `.ts` module shares its base name with a `.json` file beside it (issue 51). Node tries
 * `.js`, `.json` and `.node` before the `.ts` that ts-node registers, so under ts-node (`npm run
 * emulator`, `npm run dev`, `npm run demo`, the benchmarks) `require('./x')` loads x.json where
 * x.ts was meant; jest resolves `.ts` first, so no other test sees it. n8n's codex files
 * (`X.node.json` beside `X.node.ts`) are the exception n8n itself asks for; n8n loads the compiled
 * `.node.js`, which wins over `.json`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['nodes', 'test', 'bench', 'scripts', 'credentials'];

/** Every `x.ts` (not `x.d.ts`) whose folder holds an `x.json`, as paths from `root`. */
function tsBesideJson(folder: string, root = ROOT, clashes: string[] = []): string[] {
	const entries = readdirSync(folder, { withFileTypes: true });
	const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
	for (const entry of entries) {
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) tsBesideJson(join(folder, entry.name), root, clashes);
			continue;
		}
		if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
		const base = entry.name.slice(0, -'.ts'.length);
		if (base.endsWith('.node')) continue;
		if (names.has(`${base}.json`)) clashes.push(relative(root, join(folder, entry.name)));
	}
	return clashes;
}

describe('a .ts module and a .json file never share a base name', () => {
	it.each(FOLDERS)('%s/', (folder) => {
		expect(tsBesideJson(join(ROOT, folder))).toEqual([]);
	});

	it('finds such a pair, in any folder, and passes codex files and type declarations', () => {
		const scratch = mkdtempSync(join(tmpdir(), 'module-json-names-'));
		try {
			mkdirSync(join(scratch, 'connector'));
			for (const name of ['connector/connectorTable.ts', 'connector/connectorTable.json', 'X.node.ts', 'X.node.json', 'types.d.ts', 'types.json', 'plain.ts', 'other.json']) {
				writeFileSync(join(scratch, name), '');
			}
			expect(tsBesideJson(scratch, scratch)).toEqual([join('connector', 'connectorTable.ts')]);
		} finally {
			rmSync(scratch, { recursive: true, force: true });
		}
	});
});
