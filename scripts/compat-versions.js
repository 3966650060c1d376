#!/usr/bin/env node
/**
 * The n8n versions of the weekly compatibility run (.github/workflows/compat-weekly.yml), printed
 * as COMPAT_N8N_VERSIONS wants them (test/compat/legs.ts): the first leg of
 * test/compat/n8n-versions.json (the n8n the package is developed on, so a failure there is the
 * package's and one only on a newer n8n is n8n's), then the newest release of n8n 2.x and of 1.x
 * that the registry lists today (`npm view n8n@^2 version --json`; pre-releases are not in ^2).
 *
 *   node scripts/compat-versions.js        →  2.40.7,2.47.1,1.123.90
 */
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const RELEASE = /^(\d+)\.(\d+)\.(\d+)$/;

function compare(a, b) {
	const [x, y] = [RELEASE.exec(a), RELEASE.exec(b)];
	for (let part = 1; part <= 3; part++) if (Number(x[part]) !== Number(y[part])) return Number(x[part]) - Number(y[part]);
	return 0;
}

/** The newest release in `range`, from the registry; throws when it lists none. */
function newest(range) {
	const answer = execFileSync('npm', ['view', `n8n@${range}`, 'version', '--json'], { encoding: 'utf8' });
	// One matching version comes back as a string, several as an array.
	const parsed = answer.trim() === '' ? [] : JSON.parse(answer);
	const releases = (Array.isArray(parsed) ? parsed : [parsed]).filter((version) => RELEASE.test(version)).sort(compare);
	if (releases.length === 0) throw new Error(`the registry lists no release of n8n@${range}`);
	return releases[releases.length - 1];
}

const legs = require(path.join(__dirname, '..', 'test', 'compat', 'n8n-versions.json'));
const versions = [legs[0].n8n, newest('^2'), newest('^1')];
process.stdout.write(`${[...new Set(versions)].join(',')}\n`);
