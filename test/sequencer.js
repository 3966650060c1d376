/**
 * Test order for parallel workers: the suites that run longest and wait most (queue mode's own
 * n8n cluster, the compatibility legs, real-n8n end to end, the editor) start first, so the many
 * short unit, emulator and integration suites fill the workers' gaps instead of leaving one long
 * suite running alone at the end.
 *
 * Once every n8n is installed, the suites with a recorded time run longest first whatever their
 * layer (after the longest one, those marked as waiting and those without a record, in layer
 * order): the long integration suites mostly wait on the
 * service's one-second launch spacing, and run side by side they left the cores idle for a minute
 * at the end of the run (a third busy); started among the real-n8n suites, their waits are filled.
 *
 * The recorded times are the last run's on this machine. Jest keeps such times
 * too, but by absolute path, so a fresh clone (every CI run) starts without them and falls back to
 * file size: the 70 s fault matrix then ran last, alone. Here they are kept by path inside the
 * repository, next to the n8n installs (~/.cache/n8n-nodes-document-processing/suite-seconds.json).
 * Suites without a recorded time (a cold run, a new file) come early, layer by layer, each layer in
 * jest's own order. A failing suite's time is not recorded: a suite that failed on its timeouts
 * would otherwise move up the next run's order by the time it spent failing.
 *
 * Right after the longest recorded suite (warm) come the suites whose docblock says
 * `@mostly-waits`: they spend most of their time waiting on a clock nothing here can move (n8n's
 * wait tracker, which looks for due executions once a minute; the service's one-second launch
 * spacing). Started first, their waits fall in the first minute, when the boots of every n8n and
 * the lint and type check keep both cores busy anyway, and the suites that compute (Chromium, the
 * webhook load) start after it; started late, side by side, they left the cores half idle. The
 * longest suite still starts at once: it runs beside all the others and would otherwise end last.
 *
 * Cold (an n8n of test/compat/n8n-versions.json not installed yet: `.ci/run` starts `npm test`
 * while its background installs still run), the layers that need no n8n go first instead: a
 * real-n8n suite would only hold a worker waiting for its install, while these can run meanwhile.
 * Within a layer, the suites known to be long start first (typicalSeconds).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const REAL_N8N_FIRST = ['queue', 'compat', 'e2e', 'editor', 'integration', 'emulator', 'unit'];
// The editor suite (about a minute, one Chromium) before the many short e2e suites: last, it ran
// alone at the end of a cold run for its whole length.
const NO_N8N_FIRST = ['integration', 'emulator', 'unit', 'queue', 'compat', 'editor', 'e2e'];
const ROOT = path.resolve(__dirname, '..');

function cacheDir() {
	return process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', 'n8n-nodes-document-processing');
}

/** Whether every n8n version the run needs is installed (install-n8n.sh marks a finished one `.complete`). */
function n8nInstalled() {
	const legs = JSON.parse(fs.readFileSync(path.join(__dirname, 'compat', 'n8n-versions.json'), 'utf8'));
	return legs.every((leg) => fs.existsSync(path.join(cacheDir(), `n8n-${leg.n8n}`, '.complete')));
}

/** Whether the suite's leading docblock carries `@mostly-waits` (false for a file that cannot be read). */
function mostlyWaits(file) {
	try {
		const docblock = /^\s*\/\*\*[\s\S]*?\*\//.exec(fs.readFileSync(file, 'utf8'));
		return docblock !== null && /^\s*\*\s*@mostly-waits\b/m.test(docblock[0]);
	} catch {
		return false;
	}
}

const secondsFile = () => path.join(cacheDir(), 'suite-seconds.json');

/**
 * The long suites' seconds on a warm run (suite-seconds.typical.json, rounded, refreshed by hand):
 * a cold run has no record, and within a layer its long suites should start first, or three
 * minute-long e2e suites start last and run on alone (a cold run ended 60 s after the others).
 */
const typicalSeconds = () => secondsIn(path.join(__dirname, 'suite-seconds.typical.json'));

/** Seconds per suite (path relative to the repository) in a JSON file; {} when it cannot be read. */
function secondsIn(file) {
	try {
		const seconds = JSON.parse(fs.readFileSync(file, 'utf8'));
		return seconds && typeof seconds === 'object' ? seconds : {};
	} catch {
		return {};
	}
}

/** Seconds per suite of the last runs on this machine; {} when there are none. */
const recordedSeconds = () => secondsIn(secondsFile());

class LayerSequencer extends Sequencer {
	sort(tests) {
		const order = n8nInstalled() ? REAL_N8N_FIRST : NO_N8N_FIRST;
		const rank = (test) => {
			const index = order.indexOf(test.context.config.displayName?.name);
			return index === -1 ? order.length : index;
		};
		const seconds = recordedSeconds();
		const recorded = (test) => seconds[path.relative(ROOT, test.path)] ?? Infinity;
		const typical = typicalSeconds();
		// Cold: what is known (this machine's record, else the typical one) and the rest as short.
		const expected = (test) => {
			const relative = path.relative(ROOT, test.path);
			return seconds[relative] ?? typical[relative] ?? 0;
		};
		const longestExpectedFirst = (a, b) => expected(b) - expected(a);
		const byJest = super.sort(tests);
		const position = new Map(byJest.map((test, index) => [test, index]));
		const longestFirst = (a, b) => (recorded(b) === recorded(a) ? 0 : recorded(b) > recorded(a) ? 1 : -1);
		// Warm: the longest recorded suite, the suites that mostly wait, then unrecorded suites
		// (Infinity) in layer order, then every recorded one by its time.
		const warm = order === REAL_N8N_FIRST;
		const finite = byJest.filter((test) => Number.isFinite(recorded(test)));
		const longest = finite.reduce((best, test) => (best === undefined || recorded(test) > recorded(best) ? test : best), undefined);
		const priority = (test) => (!warm ? 0 : test === longest ? 2 : mostlyWaits(test.path) ? 1 : 0);
		const priorities = new Map(byJest.map((test) => [test, priority(test)]));
		const byPriority = (a, b) => priorities.get(b) - priorities.get(a);
		const layered = (a, b) => rank(a) - rank(b);
		return [...byJest].sort((a, b) =>
			(warm ? byPriority(a, b) || longestFirst(a, b) || layered(a, b) : layered(a, b) || longestExpectedFirst(a, b)) || position.get(a) - position.get(b),
		);
	}

	cacheResults(tests, results) {
		super.cacheResults(tests, results);
		const seconds = recordedSeconds();
		for (const result of results.testResults) {
			const { start, end } = result.perfStats;
			const failed = result.numFailingTests > 0 || Boolean(result.testExecError);
			if (!result.skipped && !failed && end > start) seconds[path.relative(ROOT, result.testFilePath)] = Math.round((end - start) / 100) / 10;
		}
		try {
			fs.mkdirSync(cacheDir(), { recursive: true });
			fs.writeFileSync(secondsFile(), `${JSON.stringify(seconds, null, '\t')}\n`);
		} catch {
			// Only the next run's order depends on it.
		}
	}
}

module.exports = LayerSequencer;
