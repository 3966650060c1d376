/**
 * n8n's package scanner (the check behind n8n's verification of community packages) on the
 * sources and on the unpacked `npm pack` tarball: the findings must be exactly the accepted ones,
 * the runtime libraries CONTRIBUTING.md "Dependencies" lists, so any new finding fails CI. Needs no n8n
 * and no network: `analyzePackage` lints local folders.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { baseEnv, REPO_ROOT } from './lib/config';
import { packPackage } from './lib/pack';
import { runOk } from './lib/proc';

interface Finding {
	file: string;
	rule: string;
	/** The module of an import finding, e.g. `undici`. */
	module?: string;
}

/** CONTRIBUTING.md "Dependencies": imports n8n Cloud would refuse, and the `dependencies` field itself. */
const ACCEPTED_IMPORTS = ['form-data', 'node:dns/promises', 'node:stream', 'node:worker_threads', 'node:zlib', 'proxy-from-env', 'undici'];
const ACCEPTED_DEPENDENCIES = ['form-data', 'proxy-from-env', 'undici', 'zod'];
const RESTRICTED_IMPORTS = '@n8n/community-nodes/no-restricted-imports';
const RUNTIME_DEPENDENCIES = '@n8n/community-nodes/no-runtime-dependencies';
/** CONTRIBUTING "Lint": the action node's only webhook is a restart webhook (pause mode), never registered at activation. */
const WEBHOOK_LIFECYCLE = '@n8n/community-nodes/webhook-lifecycle-complete';
const ACTION_NODE = /(^|\/)DocumentProcessing\.node\.(ts|js)$/;

/** The scanner reports in ESLint's `stylish` format: a file line, then one line per problem. */
function parseStylish(details: string, root: string): Finding[] {
	const findings: Finding[] = [];
	let file = '';
	for (const line of details.split('\n')) {
		if (line.startsWith('/')) {
			file = path.relative(root, line.trim());
			continue;
		}
		const problem = line.match(/^\s+\d+:\d+\s+(?:error|warning)\s+(.*?)\s{2,}(\S+)\s*$/);
		if (!problem) continue;
		const module = problem[1].match(/^(?:Import|Require|Dynamic import) of '([^']+)'/)?.[1];
		findings.push({ file, rule: problem[2], ...(module ? { module } : {}) });
	}
	return findings;
}

async function scan(folder: string, kind: 'source' | 'tarball'): Promise<Finding[]> {
	const script = path.join(__dirname, 'lib', 'scan-package.mjs');
	const { stdout } = await runOk(process.execPath, [script, folder, kind], { cwd: REPO_ROOT, env: baseEnv(), timeoutMs: 5 * 60_000 });
	const verdict = JSON.parse(stdout) as { passed: boolean; message: string | null; details: string };
	// An analysis that crashed has no details; only lint findings are acceptable.
	if (!verdict.passed) expect(verdict.message).toBe('ESLint violations found');
	return parseStylish(verdict.details, folder);
}

function isAccepted(finding: Finding): boolean {
	if (finding.rule === RUNTIME_DEPENDENCIES) return finding.file === 'package.json';
	if (finding.rule === WEBHOOK_LIFECYCLE) return ACTION_NODE.test(finding.file);
	return finding.rule === RESTRICTED_IMPORTS && ACCEPTED_IMPORTS.includes(finding.module ?? '');
}

function dependenciesOf(folder: string): string[] {
	const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { dependencies?: object };
	return Object.keys(pkg.dependencies ?? {}).sort();
}

function expectOnlyAccepted(findings: Finding[], expectedImports: Record<string, string[]>): void {
	expect(findings.filter((finding) => !isAccepted(finding))).toEqual([]);
	expect(findings.filter((f) => f.rule === RUNTIME_DEPENDENCIES)).toHaveLength(1);
	const imports: Record<string, string[]> = {};
	for (const { file, module } of findings.filter((f) => f.rule === RESTRICTED_IMPORTS)) {
		(imports[module!] ??= []).push(file);
	}
	for (const files of Object.values(imports)) files.sort();
	expect(imports).toEqual(expectedImports);
}

describe("n8n's community package scanner", () => {
	let unpacked: string;

	beforeAll(async () => {
		const tarball = await packPackage();
		unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'package-scan-'));
		await runOk('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	}, 15 * 60_000);

	afterAll(() => {
		if (unpacked) fs.rmSync(unpacked, { recursive: true, force: true });
	});

	it('finds only the accepted runtime libraries in the sources', async () => {
		const findings = await scan(REPO_ROOT, 'source');
		expect(dependenciesOf(REPO_ROOT)).toEqual(ACCEPTED_DEPENDENCIES);
		const transport = 'nodes/DocumentProcessing/transport';
		expectOnlyAccepted(findings, {
			undici: [
				`${transport}/addressGuard.ts`,
				`${transport}/agents.ts`,
				`${transport}/attempt.ts`,
				`${transport}/outboundErrors.ts`,
				`${transport}/proxy.ts`,
			],
			'form-data': [`${transport}/multipart.ts`],
			// n8n's own proxy resolution (docs/production.md "Behind a proxy"), and the File URL guard's look-up of a proxied target.
			'proxy-from-env': [`${transport}/proxy.ts`],
			'node:dns/promises': [`${transport}/addressGuard.ts`],
			// Readable: the binary streams n8n hands over (type-only except in multipart.ts and remoteFileBody.ts).
			'node:stream': [
				'nodes/DocumentProcessing/helpers/openableFile.ts',
				// The loader hashes a file for its document_id as the partition reads it.
				'nodes/DocumentProcessing/loader/documentId.ts',
				`${transport}/multipart.ts`,
				// The size limit on file URL downloads counts the body's bytes as they pass (the type only in remoteFile.ts).
				`${transport}/remoteFile.ts`,
				`${transport}/remoteFileBody.ts`,
			],
			// The PDF workers (issue 49): uploaded PDFs are parsed outside n8n's thread and heap, inflated with zlib there.
			'node:worker_threads': ['nodes/DocumentProcessing/pdf/pdfWorker.ts', 'nodes/DocumentProcessing/pdf/pdfWorkers.ts'],
			// Node's own inflater, bounded by maxOutputLength: the PDF worker's object and cross-reference streams, and the
			// loader's chunks' orig_elements (zlib, as the service writes them).
			'node:zlib': ['nodes/DocumentProcessing/loader/unzip.ts', 'nodes/DocumentProcessing/pdf/inflate.ts'],
		});
	}, 5 * 60_000);

	it('finds only the accepted runtime libraries in the packed tarball (pdf-lib is bundled into the PDF worker)', async () => {
		const findings = await scan(unpacked, 'tarball');
		expect(dependenciesOf(unpacked)).toEqual(ACCEPTED_DEPENDENCIES);
		const transport = 'dist/nodes/DocumentProcessing/transport';
		const pdf = 'dist/nodes/DocumentProcessing/pdf';
		expectOnlyAccepted(findings, {
			undici: [`${transport}/addressGuard.js`, `${transport}/agents.js`, `${transport}/proxy.js`],
			'form-data': [`${transport}/multipart.js`],
			'proxy-from-env': [`${transport}/proxy.js`],
			'node:dns/promises': [`${transport}/addressGuard.js`],
			'node:stream': ['dist/nodes/DocumentProcessing/loader/documentId.js', `${transport}/multipart.js`, `${transport}/remoteFileBody.js`],
			// The bundle holds pdfWorker.ts and inflate.ts (which nothing on n8n's thread uses).
			'node:worker_threads': [`${pdf}/pdfWorker.js`, `${pdf}/pdfWorkers.js`],
			'node:zlib': ['dist/nodes/DocumentProcessing/loader/unzip.js', `${pdf}/pdfWorker.js`],
		});
		expect(fs.existsSync(path.join(unpacked, `${pdf}/pdfWorker.js`))).toBe(true);
		// Modules only the worker uses are in its bundle, not beside it: nothing on n8n's thread can load pdf-lib.
		expect(fs.existsSync(path.join(unpacked, `${pdf}/pdfDocument.js`))).toBe(false);
		expect(fs.readFileSync(path.join(unpacked, `${pdf}/pdfWorker.LICENSES.txt`), 'utf8')).toContain('pdf-lib@1.17.1 (MIT)');
		expect(fs.existsSync(path.join(unpacked, 'LICENSE'))).toBe(true);
	}, 5 * 60_000);
});
