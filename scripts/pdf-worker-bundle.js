// The PDF worker as one file (issue 49): nodes/DocumentProcessing/pdf/pdfWorker.ts with pdf-lib
// and what it uses (pako, @pdf-lib/standard-fonts, @pdf-lib/upng) bundled in by esbuild. The build
// writes it over tsc's dist/.../pdf/pdfWorker.js (scripts/bundle-pdf-lib.mjs); a source run (jest,
// ts-node) bundles it the same way in the worker itself (scripts/pdf-worker-source.js), so tests
// run the code the package ships. pdf-lib's one timer (waitForTick, to yield between objects)
// becomes a microtask: the worker serves nothing else, and shipped code uses no global timer.
// Its console warnings are dropped, as in the build before.
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const ENTRY = path.join(ROOT, 'nodes', 'DocumentProcessing', 'pdf', 'pdfWorker.ts');

/** esbuild options for the worker bundle; `extra` adds outfile/write/metafile. */
function workerBundleOptions(extra = {}) {
	return {
		entryPoints: [ENTRY],
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		mainFields: ['module', 'main'],
		legalComments: 'eof',
		inject: [path.join(__dirname, 'pdf-worker-timers.mjs')],
		drop: ['console'],
		logLevel: 'warning',
		// Paths in the bundle's comments are relative to the repository, never the build machine's.
		absWorkingDir: ROOT,
		...extra,
	};
}

module.exports = { ENTRY, workerBundleOptions };
