// n8n's official lint rules for community nodes: the config `n8n-node lint` runs (@n8n/node-cli
// 0.48), i.e. typescript-eslint recommended, @n8n/eslint-plugin-community-nodes recommended and
// the eslint-plugin-n8n-nodes-base community/credentials/nodes sets. `npm run lint` applies it to
// shipped code (nodes/, credentials/) and package.json. Tests, benchmarks and the emulator are not
// shipped and not linted here.
//
// The only exceptions are the runtime libraries listed in CONTRIBUTING.md "Dependencies": the official
// `no-restricted-imports` and `no-runtime-dependencies` run through a filter that lets exactly
// those pass, and core `no-restricted-imports` keeps each library in the one place allowed to use
// it. The scanner test (test/unit/scanner.test.ts) holds the same list for n8n's package scanner.
import { config } from '@n8n/node-cli/eslint';

/**
 * Imports the official rule accepts only for these (CONTRIBUTING.md "Dependencies"): node:worker_threads for
 * the PDF workers that parse uploaded PDFs outside n8n's thread and heap, node:zlib for the inflater
 * they use and for the loader's original elements (issue 49).
 */
const ACCEPTED_IMPORTS = new Set(['undici', 'form-data', 'node:stream', 'proxy-from-env', 'node:dns/promises', 'node:worker_threads', 'node:zlib']);
/** Runtime dependencies n8n installs with the package (CONTRIBUTING.md "Dependencies"). */
const ACCEPTED_DEPENDENCIES = new Set(['undici', 'form-data', 'zod', 'proxy-from-env']);

const official = config.find((entry) => entry.plugins?.['@n8n/community-nodes'])?.plugins['@n8n/community-nodes'];
if (!official) throw new Error('@n8n/node-cli config without @n8n/community-nodes');

/** The official rule, minus the reports `accepts(report, context)` lets pass. */
function filtered(ruleName, accepts) {
	const rule = official.rules[ruleName];
	return {
		meta: rule.meta,
		create(context) {
			const proxy = Object.create(context, {
				report: { value: (report) => accepts(report, context) || context.report(report) },
			});
			return rule.create(proxy);
		},
	};
}

/**
 * `webhook-lifecycle-complete` asks a node with `webhooks` for `webhookMethods` (checkExists,
 * create, delete), which n8n calls when a workflow is activated. A restart webhook (the resume URL
 * of a waiting execution, as n8n's Wait node and send-and-wait operations use) is never
 * registered at activation, so n8n would never call them: the action node's channel lives per
 * execution instead (created by execute(), deleted by webhook() or, after a time limit, by the next
 * pause; docs/batches-and-long-jobs.md, "Waiting: poll or pause"). The exception covers exactly the classes whose every webhook is one.
 */
function onlyRestartWebhooks(classNode) {
	const webhookArrays = [];
	const visit = (node) => {
		if (!node || typeof node.type !== 'string') return;
		if (node.type === 'Property' && node.key?.name === 'webhooks' && node.value?.type === 'ArrayExpression') webhookArrays.push(node.value);
		for (const [key, value] of Object.entries(node)) {
			if (key === 'parent') continue;
			if (Array.isArray(value)) value.forEach(visit);
			else if (value && typeof value === 'object') visit(value);
		}
	};
	visit(classNode);
	const isRestart = (element) =>
		element?.type === 'ObjectExpression' &&
		element.properties.some((property) => property.key?.name === 'restartWebhook' && property.value?.value === true);
	return webhookArrays.length > 0 && webhookArrays.every((array) => array.elements.length > 0 && array.elements.every(isRestart));
}

const accepted = {
	rules: {
		'webhook-lifecycle-complete': filtered('webhook-lifecycle-complete', (report) => onlyRestartWebhooks(report.node.parent ?? report.node)),
		'no-restricted-imports': filtered('no-restricted-imports', (report) =>
			ACCEPTED_IMPORTS.has(report.data?.modulePath),
		),
		'no-runtime-dependencies': filtered('no-runtime-dependencies', (_report, context) => {
			const dependencies = JSON.parse(context.sourceCode.text).dependencies ?? {};
			return Object.keys(dependencies).every((name) => ACCEPTED_DEPENDENCIES.has(name));
		}),
	},
};

const TRANSPORT = 'nodes/DocumentProcessing/transport/**';
const PDF_MODULE = 'nodes/DocumentProcessing/pdf/pdfDocument.ts';
const PDF_WORKER_MODULES = ['nodes/DocumentProcessing/pdf/pdfWorkers.ts', 'nodes/DocumentProcessing/pdf/pdfWorker.ts'];
const only = (name, where, why) => ({ name, message: `${name} is used only in ${where}: ${why}` });
const HTTP_UNDICI = only('undici', 'transport/', 'one module does all HTTP');
const HTTP_FORM_DATA = only('form-data', 'transport/', 'one module does all HTTP');
const HTTP_PROXY_ROUTING = only('proxy-from-env', 'transport/', 'one module does all HTTP');
const PDF = only('pdf-lib', 'pdf/pdfDocument.ts', 'the build bundles it into the PDF worker');
const WORKER_THREADS = only('node:worker_threads', 'pdf/pdfWorkers.ts and pdf/pdfWorker.ts', 'the PDF workers are the one use of threads');

/** Core `no-restricted-imports`; its options do not merge across blocks, hence one block per place. */
const restrict = (files, ignores, paths) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { paths }] } });

export default [
	{ ignores: ['dist/**', 'test/**', 'bench/**', 'docs/**', 'scripts/**', '*.js', '*.mjs'] },
	...config,
	{
		files: ['package.json', '**/*.ts'],
		plugins: { accepted },
		rules: {
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'accepted/no-restricted-imports': 'error',
			'@n8n/community-nodes/webhook-lifecycle-complete': 'off',
			'accepted/webhook-lifecycle-complete': 'error',
		},
	},
	{
		files: ['package.json'],
		rules: {
			'@n8n/community-nodes/no-runtime-dependencies': 'off',
			'accepted/no-runtime-dependencies': 'error',
		},
	},
	restrict(['nodes/**/*.ts'], [TRANSPORT, PDF_MODULE, ...PDF_WORKER_MODULES], [HTTP_UNDICI, HTTP_FORM_DATA, HTTP_PROXY_ROUTING, PDF, WORKER_THREADS]),
	restrict([TRANSPORT], [], [PDF, WORKER_THREADS]),
	restrict([PDF_MODULE], [], [HTTP_UNDICI, HTTP_FORM_DATA, HTTP_PROXY_ROUTING, WORKER_THREADS]),
	restrict(PDF_WORKER_MODULES, [], [HTTP_UNDICI, HTTP_FORM_DATA, HTTP_PROXY_ROUTING, PDF]),
];
