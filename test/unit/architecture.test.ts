/**
 * docs/architecture.md is the map of nodes/DocumentProcessing/: every folder has a row there, and
 * its "May import" column is the rule every relative import of nodes/ and credentials/ keeps.
 * Imports are read with the TypeScript compiler's own pre-processor (import, export … from,
 * require, import()), so a type-only import counts like any other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const NODE_DIR = join(ROOT, 'nodes/DocumentProcessing');
const NODE_FILES = '(node files)';
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** Folder → the folders it may import, from the table rows `| \`folder/\` | … | \`a/\`, \`b/\` |`. */
function documentedRules(): Map<string, Set<string>> {
	const rules = new Map<string, Set<string>>();
	for (const line of doc.split('\n')) {
		const cells = line.split('|').map((cell) => cell.trim());
		const folder = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
		if (!folder || cells.length < 5) continue;
		const allowed = [...cells[3].matchAll(/`([^`]+)\/`/g)].map((match) => match[1]);
		rules.set(folder.replace(/\/$/, ''), new Set(cells[3].startsWith('as ') ? ['(as parent)'] : allowed));
	}
	return rules;
}

function walk(dir: string, onDir: (path: string) => void, onFile: (path: string) => void): void {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) {
			onDir(path);
			walk(path, onDir, onFile);
		} else if (entry.name.endsWith('.ts')) onFile(path);
	}
}

const folders: string[] = [];
const sources: string[] = [];
walk(NODE_DIR, (dir) => folders.push(relative(NODE_DIR, dir).split(sep).join('/')), (file) => sources.push(file));
walk(join(ROOT, 'credentials'), () => undefined, (file) => sources.push(file));

/** The top folder under nodes/DocumentProcessing/ a path lies in; `(node files)` for its root, undefined outside. */
function room(path: string): string | undefined {
	const inside = relative(NODE_DIR, path);
	if (inside.startsWith('..')) return undefined;
	const parts = inside.split(sep);
	if (parts.length === 1 && !existsDir(path)) return NODE_FILES;
	return parts[0];
}

function existsDir(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

function relativeImports(file: string): string[] {
	const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
	return info.importedFiles.map((entry) => entry.fileName).filter((name) => name.startsWith('.'));
}

describe('docs/architecture.md', () => {
	const rules = documentedRules();

	it('lists every folder under nodes/DocumentProcessing/', () => {
		expect(folders.length).toBeGreaterThan(10);
		expect(folders.filter((folder) => !rules.has(folder))).toEqual([]);
		expect(rules.has(NODE_FILES)).toBe(true);
	});

	it('lists no folder that is gone', () => {
		const gone = [...rules.keys()].filter((folder) => folder !== NODE_FILES && !folders.includes(folder));
		expect(gone).toEqual([]);
	});

	it('names only documented folders in "May import", and a top folder has its own rule', () => {
		const known = new Set([...rules.keys()]);
		for (const [folder, allowed] of rules) {
			if (folder.includes('/')) continue;
			expect({ folder, rule: [...allowed].filter((name) => !known.has(name)) }).toEqual({ folder, rule: [] });
		}
	});

	it('finds imports to check (the parser sees the sources)', () => {
		const count = sources.reduce((sum, file) => sum + relativeImports(file).length, 0);
		expect(count).toBeGreaterThan(300);
	});

	it('has no import against the documented direction', () => {
		const against: string[] = [];
		for (const file of sources) {
			const from = room(file);
			for (const specifier of relativeImports(file)) {
				const target = resolve(dirname(file), specifier);
				const to = room(target);
				const where = `${relative(ROOT, file)} → ${specifier}`;
				if (from === undefined) {
					// credentials/ stands apart from the nodes.
					if (to !== undefined) against.push(where);
					continue;
				}
				if (to === undefined || to === from) continue;
				if (!rules.get(from)?.has(to)) against.push(`${where} (${from} may not import ${to}/)`);
			}
		}
		expect(against).toEqual([]);
	});
});
