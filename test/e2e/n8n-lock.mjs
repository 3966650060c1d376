#!/usr/bin/env node
/**
 * Writes test/e2e/n8n-locks/n8n-<version>.package-lock.json from the cached install of that n8n
 * version (test/e2e/install-n8n.sh), for every version of test/compat/n8n-versions.json or the
 * ones named: `node test/e2e/n8n-lock.mjs [version ...]`.
 *
 * With a committed lock, install-n8n.sh runs `npm ci` on it: the same dependency tree on every
 * machine, and no resolution. Each package gets the registry's tarball URL as `resolved` (an npm
 * configured with `omit-lockfile-registry-resolved` writes none, and npm then asks the registry for
 * every package's metadata before its tarball: on a slow registry that was most of a cold install).
 * npm replaces the host of these URLs with the configured registry (its `replace-registry-host`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REGISTRY = 'https://registry.npmjs.org';
const cache = process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', 'n8n-nodes-document-processing');
const versions = process.argv.length > 2
	? process.argv.slice(2)
	: JSON.parse(fs.readFileSync(path.join(HERE, '..', 'compat', 'n8n-versions.json'), 'utf8')).map((leg) => leg.n8n);

/** The registry's tarball URL of a package (`@scope/name` → `@scope/name/-/name-1.0.0.tgz`). */
const tarballUrl = (name, version) => `${REGISTRY}/${name}/-/${name.split('/').pop()}-${version}.tgz`;

for (const version of versions) {
	const installed = path.join(cache, `n8n-${version}`);
	if (!fs.existsSync(path.join(installed, '.complete'))) {
		process.stderr.write(`n8n ${version} is not installed in ${installed}: run N8N_VERSION=${version} bash test/e2e/install-n8n.sh first\n`);
		process.exitCode = 1;
		continue;
	}
	const lock = JSON.parse(fs.readFileSync(path.join(installed, 'package-lock.json'), 'utf8'));
	for (const [where, entry] of Object.entries(lock.packages)) {
		// Left over in the folder but needed by nothing: npm ci would skip them anyway.
		if (entry.extraneous) {
			delete lock.packages[where];
			continue;
		}
		if (where === '' || entry.link || entry.resolved || !entry.integrity) continue;
		// An aliased package (`"x": "npm:y@1"`) names its real package; otherwise the folder does.
		const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
		entry.resolved = tarballUrl(name, entry.version);
	}
	const target = path.join(HERE, 'n8n-locks', `n8n-${version}.package-lock.json`);
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.writeFileSync(target, `${JSON.stringify(lock, null, 2)}\n`);
	process.stdout.write(`${target}: ${Object.keys(lock.packages).length - 1} packages\n`);
}
