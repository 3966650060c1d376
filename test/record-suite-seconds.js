#!/usr/bin/env node
/**
 * Writes test/suite-seconds.json, the table test/sequencer.js orders suites by, from a jest JSON
 * report (default `.ci/out/jest.json`, which `.ci/run` writes):
 *
 *   node test/record-suite-seconds.js [report]
 *
 * Only the order matters, so whole seconds from one run on any machine will do; re-record when a
 * suite's share of the run changes a lot or many suites are added.
 */
const fs = require('node:fs');
const path = require('node:path');

const report = JSON.parse(
	fs.readFileSync(path.resolve(process.argv[2] ?? path.join(__dirname, '..', '.ci/out/jest.json')), 'utf8'),
);

/** The checkout the report was made in (a clean clone of `.ci/run`, say): the folder above a suite that holds package.json. */
function checkoutOf(suitePath) {
	let folder = path.dirname(suitePath);
	while (!fs.existsSync(path.join(folder, 'package.json'))) {
		if (path.dirname(folder) === folder) throw new Error(`no package.json above ${suitePath}`);
		folder = path.dirname(folder);
	}
	return folder;
}

const root = checkoutOf(report.testResults[0].name);
const seconds = Object.fromEntries(
	report.testResults
		.map((suite) => [
			path.relative(root, suite.name).split(path.sep).join('/'),
			Math.max(1, Math.round((suite.endTime - suite.startTime) / 1000)),
		])
		.sort(([a], [b]) => a.localeCompare(b)),
);
fs.writeFileSync(path.join(__dirname, 'suite-seconds.json'), `${JSON.stringify(seconds, null, '\t')}\n`);
process.stdout.write(`${Object.keys(seconds).length} suites recorded in test/suite-seconds.json\n`);
