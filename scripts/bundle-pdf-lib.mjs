// Build step after `tsc`: the PDF worker (issue 49) as one file, dist/nodes/DocumentProcessing/pdf/
// pdfWorker.js, with pdf-lib and what it uses (pako, @pdf-lib/standard-fonts, @pdf-lib/upng)
// bundled in by esbuild (options: scripts/pdf-worker-bundle.js), so pdf-lib is a dev dependency and
// n8n installs 0.8 MB instead of 26 MB (CONTRIBUTING.md "Dependencies"). pdf-lib runs only in that worker:
// the compiled modules only the worker uses are removed, and no other compiled file may require
// pdf-lib. The licences of the bundled packages travel next to the bundle.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { workerBundleOptions } = require('./pdf-worker-bundle.js');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pdfDir = join(dist, 'nodes', 'DocumentProcessing', 'pdf');
const bundle = join(pdfDir, 'pdfWorker.js');
/** Compiled modules the bundle holds and n8n's thread never loads. */
const WORKER_ONLY = ['pdfDocument.js', 'pageTree.js', 'inflateBudget.js', 'inflate.js', 'pdfWorkerMessages.js'];

const result = await build(workerBundleOptions({ outfile: bundle, metafile: true }));
for (const file of WORKER_ONLY) rmSync(join(pdfDir, file), { force: true });

// One licence file for every package that ended up in the bundle.
const packages = new Set(
	Object.keys(result.metafile.inputs)
		.map((input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1])
		.filter((name) => name !== undefined),
);
if (!packages.has('pdf-lib')) throw new Error('The PDF worker bundle holds no pdf-lib');
const notices = [...packages].sort().map((name) => {
	const dir = join(root, 'node_modules', name);
	const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry));
	if (!file) throw new Error(`${name} has no licence file to ship with the bundle`);
	return `${name}@${version} (${license})\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
});
writeFileSync(
	join(pdfDir, 'pdfWorker.LICENSES.txt'),
	`dist/nodes/DocumentProcessing/pdf/pdfWorker.js bundles these packages:\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);

// No compiled file outside the bundle may need pdf-lib or a module that only the bundle holds.
function* jsFiles(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = join(dir, entry.name);
		if (entry.isDirectory()) yield* jsFiles(full);
		else if (entry.isFile() && entry.name.endsWith('.js') && full !== bundle) yield full;
	}
}
const workerOnly = new RegExp(`require\\("(pdf-lib|(?:[./]+/)(?:pdf/)?(?:${WORKER_ONLY.map((file) => file.replace('.js', '')).join('|')}))"\\)`);
for (const file of jsFiles(dist)) {
	const found = readFileSync(file, 'utf8').match(workerOnly);
	if (found) throw new Error(`${relative(root, file)} requires ${found[1]}, which only the PDF worker holds`);
}
if (!existsSync(bundle)) throw new Error('the PDF worker bundle was not written');
console.log(`PDF worker bundled into ${relative(root, bundle)} (${[...packages].join(', ')})`);
