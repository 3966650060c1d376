/**
 * Test order for parallel workers: longest suite first (test/suite-seconds.json, written from a
 * measured run by test/record-suite-seconds.js), so the many short suites fill the workers' gaps at
 * the end instead of one long suite running alone there. On a clean clone jest has no timings of
 * its own (its cache is keyed by the checkout's path), so without the table it would order by file
 * size and could start a one-minute suite last.
 *
 * Cold (an n8n of test/compat/n8n-versions.json not installed yet: `.ci/run` starts `npm test`
 * while its background installs still run), the layers that need no n8n go first, longest first
 * among them: a real-n8n suite would only hold a worker waiting for its install, while these can
 * run meanwhile.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const NO_N8N_LAYERS = ['unit', 'emulator', 'integration'];
const ROOT = path.join(__dirname, '..');

/** Whether every n8n version the run needs is installed (install-n8n.sh marks a finished one `.complete`). */
function n8nInstalled() {
	const cache = process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', 'n8n-nodes-document-processing');
	const legs = JSON.parse(fs.readFileSync(path.join(__dirname, 'compat', 'n8n-versions.json'), 'utf8'));
	return legs.every((leg) => fs.existsSync(path.join(cache, `n8n-${leg.n8n}`, '.complete')));
}

/** Seconds each suite took in the recorded run, by path from the repository root. */
function recordedSeconds() {
	return JSON.parse(fs.readFileSync(path.join(__dirname, 'suite-seconds.json'), 'utf8'));
}

class LongestFirstSequencer extends Sequencer {
	sort(tests) {
		const seconds = recordedSeconds();
		const cold = !n8nInstalled();
		const needsN8n = (test) => !NO_N8N_LAYERS.includes(test.context.config.displayName?.name);
		// A suite new since the recording counts as a short one (a second).
		const expected = (test) => seconds[path.relative(ROOT, test.path).split(path.sep).join('/')] ?? 1;
		const byJest = super.sort(tests);
		const position = new Map(byJest.map((test, index) => [test, index]));
		return [...byJest].sort(
			(a, b) =>
				(cold ? Number(needsN8n(a)) - Number(needsN8n(b)) : 0) ||
				expected(b) - expected(a) ||
				position.get(a) - position.get(b),
		);
	}
}

module.exports = LongestFirstSequencer;
