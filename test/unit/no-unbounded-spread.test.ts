/**
 * No call in shipped code spreads an array into its arguments (issue 49): `Math.min(...pages)`,
 * `push(...elements)`, `String.fromCharCode(...bytes)` put every entry on the stack as one
 * argument, and past about 120,000 entries (less in a deep stack) the call fails with "Maximum call
 * stack size exceeded": a chunk with 135,300 original elements failed that way. Loops have no such
 * limit. What this allows: a spread of an array literal written in the call (`f(...[a, b])`, a
 * fixed handful), and spreads inside array or object literals, which are not arguments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { appendAll, largest } from '../../nodes/DocumentProcessing/helpers/arrays';

const ROOT = join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
	});
}

/** Each `f(...x)` / `new F(...x)` whose `x` is not an array literal, as `file:line: text`. */
function argumentSpreads(file: string, text: string): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
			for (const argument of node.arguments) {
				if (!ts.isSpreadElement(argument) || ts.isArrayLiteralExpression(argument.expression)) continue;
				const { line } = source.getLineAndCharacterOfPosition(argument.getStart(source));
				found.push(`${file}:${line + 1}: ${node.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('spreads into call arguments', () => {
	it('are recognised (the check itself)', () => {
		const sample = [
			'Math.min(...pages);',
			'out.push(...items.map((item) => item));',
			'String.fromCharCode(...bytes);',
			'new Set(...lists);',
			'a.concat(...parts);',
			'fn(...[first, second]);',
			'const copy = [...items];',
			'const merged = { ...a, ...b };',
			'function rest(...args: number[]) { return args; }',
		].join('\n');
		expect(argumentSpreads('sample.ts', sample).map((hit) => hit.split(': ')[1])).toEqual([
			'Math.min(...pages)',
			'out.push(...items.map((item) => item))',
			'String.fromCharCode(...bytes)',
			'new Set(...lists)',
			'a.concat(...parts)',
		]);
	});

	it('appear nowhere in shipped code (nodes/, credentials/)', () => {
		const files = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))];
		expect(files.length).toBeGreaterThan(100);
		const hits = files.flatMap((file) => argumentSpreads(file, readFileSync(join(ROOT, file), 'utf8')));
		expect(hits).toEqual([]);
	});
});

describe('the loops that replace them (helpers/arrays.ts)', () => {
	const many = Array.from({ length: 500_000 }, (_, index) => index);

	it('append and find the largest of 500,000 entries, where a spread fails', () => {
		expect(() => Math.max(...many)).toThrow(RangeError);
		expect(appendAll([-1], many)).toHaveLength(500_001);
		expect(largest(many, 0)).toBe(499_999);
		expect(largest([], 7)).toBe(7);
	});
});
