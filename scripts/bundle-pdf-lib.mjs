// Build step after `tsc`: bundles pdf-lib (and what it uses: pako, @pdf-lib/standard-fonts,
// @pdf-lib/upng) into dist/vendor/pdf-lib.js and points the compiled `require("pdf-lib")` there,
// so pdf-lib is a dev dependency and n8n installs 0.8 MB instead of 26 MB (README "Dependencies").
// The licences of the bundled packages travel next to the bundle. Its timer is n8n-workflow's
// `sleep` and its console warnings are dropped, as the community-node rules ask of shipped code.
import { build } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const vendorDir = join(dist, 'vendor');
const bundle = join(vendorDir, 'pdf-lib.js');

mkdirSync(vendorDir, { recursive: true });
const result = await build({
	// All of pdf-lib: tree-shaking the one class the splitter uses saves 3 %, and the whole API
	// keeps working when the splitter starts using another part of it.
	stdin: { contents: "export * from 'pdf-lib';", resolveDir: root, loader: 'js' },
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'cjs',
	mainFields: ['module', 'main'],
	outfile: bundle,
	metafile: true,
	legalComments: 'eof',
	// n8n-workflow is n8n's own copy (a peer dependency), never bundled.
	external: ['n8n-workflow'],
	inject: [join(root, 'scripts', 'pdf-lib-timers.mjs')],
	// pdf-lib's warnings about odd objects would go to n8n's stdout; the splitter sends a PDF it
	// cannot read whole instead, so they carry nothing a user could act on.
	drop: ['console'],
	logLevel: 'warning',
});

// One licence file for every package that ended up in the bundle.
const packages = new Set(
	Object.keys(result.metafile.inputs)
		.map((input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1])
		.filter((name) => name !== undefined),
);
const notices = [...packages].sort().map((name) => {
	const dir = join(root, 'node_modules', name);
	const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry));
	if (!file) throw new Error(`${name} has no licence file to ship with the bundle`);
	return `${name}@${version} (${license})\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
});
writeFileSync(
	join(vendorDir, 'pdf-lib.LICENSES.txt'),
	`dist/vendor/pdf-lib.js bundles these packages:\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);

// Compiled files that require pdf-lib get the bundle instead.
function* jsFiles(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = join(dir, entry.name);
		if (entry.isDirectory() && full !== vendorDir) yield* jsFiles(full);
		else if (entry.isFile() && entry.name.endsWith('.js')) yield full;
	}
}
let users = 0;
for (const file of jsFiles(dist)) {
	const code = readFileSync(file, 'utf8');
	let target = relative(dirname(file), bundle).split(sep).join('/');
	if (!target.startsWith('.')) target = `./${target}`;
	if (code.includes('require("pdf-lib")')) writeFileSync(file, code.replaceAll('require("pdf-lib")', `require("${target}")`));
	else if (!code.includes(`require("${target}")`)) continue;
	users++;
}
if (users === 0) throw new Error('No compiled file requires pdf-lib: is the bundle still needed?');
console.log(`pdf-lib bundled into ${relative(root, bundle)} (${[...packages].join(', ')}), used by ${users} file(s)`);
