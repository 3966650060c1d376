#!/usr/bin/env node
/**
 * CHANGELOG.md's sections: `## Unreleased` (or `## [x.y.z] - Unreleased`) collects what the next
 * release brings; `npm run release` dates it as `## [x.y.z] - YYYY-MM-DD`, and the publish workflow
 * takes that section's text as the GitHub release's notes:
 *
 *   node scripts/changelog.js section 1.2.3   prints the section of 1.2.3 (exit 1 if there is none)
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const HEADING = /^## (?:Unreleased|\[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\] - (Unreleased|\d{4}-\d{2}-\d{2}))[ \t]*$/gim;

/** The level-2 sections: heading, version (undefined for a bare "Unreleased"), date, body. */
function sections(text) {
	const found = [...text.matchAll(HEADING)];
	return found.map((match, i) => {
		const end = i + 1 < found.length ? found[i + 1].index : text.length;
		return {
			start: match.index,
			end,
			version: match[1],
			released: match[2] !== undefined && match[2].toLowerCase() !== 'unreleased',
			body: text.slice(match.index + match[0].length, end).trim(),
		};
	});
}

/**
 * The changelog with its unreleased section dated as `version`, and a new empty `## Unreleased`
 * on top. Throws when there is nothing unreleased to release or the section names another version.
 */
function release(text, version, date) {
	const pending = sections(text).find((s) => !s.released);
	if (!pending) throw new Error('CHANGELOG.md has no "## Unreleased" section.');
	if (pending.version !== undefined && pending.version !== version) {
		throw new Error(`CHANGELOG.md's unreleased section is for ${pending.version}, not ${version}.`);
	}
	if (!/^\s*[-*] \S/m.test(pending.body)) throw new Error('CHANGELOG.md\'s "Unreleased" section lists no change.');
	const dated = `## Unreleased\n\n## [${version}] - ${date}\n\n${pending.body}\n\n`;
	return `${text.slice(0, pending.start)}${dated}${text.slice(pending.end).replace(/^\n+/, '')}`.replace(/\n*$/, '\n');
}

/** The body of a released version's section. */
function section(text, version) {
	return sections(text).find((s) => s.version === version && s.released)?.body;
}

module.exports = { release, section, sections };

if (require.main === module) {
	const [command, version] = process.argv.slice(2);
	const text = fs.readFileSync(path.join(process.cwd(), 'CHANGELOG.md'), 'utf8');
	const body = command === 'section' && version ? section(text, version) : undefined;
	if (body === undefined) {
		process.stderr.write(`CHANGELOG.md has no released section for ${version ?? '(no version given)'}\n`);
		process.exit(1);
	}
	process.stdout.write(`${body}\n`);
}
