// A PDF worker in a source run (jest, ts-node), where pdf/pdfWorker is TypeScript: the worker
// bundles it as the build does (scripts/pdf-worker-bundle.js) and runs the bundle, so a source
// run's worker has no transpiler in its heap and runs the code the package ships.
// nodes/DocumentProcessing/pdf/pdfWorkers.ts starts it with the entry in workerData.
const { buildSync } = require('esbuild');
const { workerBundleOptions } = require('./pdf-worker-bundle.js');

const [output] = buildSync(workerBundleOptions({ write: false, outfile: 'pdf-worker.js' })).outputFiles;
// The bundle requires only Node's own modules, so this file's require serves it.
new Function('require', 'module', 'exports', output.text)(require, { exports: {} }, {});
