/**
 * What `npm pack` puts into the published tarball (issue 25): package.json, README.md, LICENSE,
 * CHANGELOG.md and the built dist/ (compiled nodes and credential, icons, codex files, the PDF
 * worker bundle with pdf-lib and its licences), nothing else: no tests, benchmarks, sources, source maps, and no file
 * that names a folder of the machine that built it. Needs no n8n: it reads the run's packed tarball.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './lib/config';
import { declaredN8nFiles, packPackage } from './lib/pack';
import { runOk } from './lib/proc';

const TOP_LEVEL = ['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'];
/** dist/ holds compiled code, its assets and the bundled libraries' licences (beside the PDF worker), in these folders. */
const DIST_FILE = /^dist\/(credentials|icons|nodes)\/[\w./-]+\.(js|json|svg|png|txt)$/;

describe('the npm pack tarball', () => {
	let unpacked = '';
	let files: string[] = [];

	beforeAll(async () => {
		const tarball = await packPackage();
		unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-contents-'));
		await runOk('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
		files = (await runOk('tar', ['-tzf', tarball])).stdout
			.split('\n')
			.filter((line) => line.trim() !== '' && !line.endsWith('/'))
			.map((line) => line.replace(/^package\//, ''))
			.sort();
	}, 15 * 60_000);

	afterAll(() => {
		if (unpacked) fs.rmSync(unpacked, { recursive: true, force: true });
	});

	it('holds only package.json, README.md, LICENSE, CHANGELOG.md and dist/', () => {
		expect(files.filter((file) => !file.startsWith('dist/'))).toEqual(TOP_LEVEL);
		expect(files.filter((file) => file.startsWith('dist/') && !DIST_FILE.test(file))).toEqual([]);
		expect(files).toEqual(expect.arrayContaining(declaredN8nFiles()));
		// Data the compiled code reads at load time: the generated connector table (issue 46).
		expect(files).toContain('dist/nodes/DocumentProcessing/actions/common/connector/connectorTable.data.json');
		expect(files.filter((file) => /\.(map|ts)$|(^|\/)(test|tests|bench|__tests__)\//.test(file))).toEqual([]);
		expect(fs.readFileSync(path.join(unpacked, 'CHANGELOG.md'), 'utf8')).toBe(fs.readFileSync(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'));
	});

	it('names no folder of the building machine and points to no source map', () => {
		const local = [REPO_ROOT, os.homedir(), os.tmpdir()].filter((dir) => dir.length > 1);
		const offending = files.filter((file) => {
			const text = fs.readFileSync(path.join(unpacked, file), 'latin1');
			return text.includes('sourceMappingURL=') || local.some((dir) => text.includes(dir));
		});
		expect(offending).toEqual([]);
	});
});
