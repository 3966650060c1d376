/**
 * Test order for parallel workers: the suites that run longest and wait most (queue mode's own
 * n8n cluster, the compatibility legs, real-n8n end to end, the editor) start first, so the many
 * short unit, emulator and integration suites fill the workers' gaps instead of leaving one long
 * suite running alone at the end. Within a layer, jest's own order (slowest first by its cache,
 * else the largest file).
 *
 * Cold (an n8n of test/compat/n8n-versions.json not installed yet: `.ci/run` starts `npm test`
 * while its background installs still run), the layers that need no n8n go first instead: a
 * real-n8n suite would only hold a worker waiting for its install, while these can run meanwhile.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const REAL_N8N_FIRST = ['queue', 'compat', 'e2e', 'editor', 'integration', 'emulator', 'unit'];
const NO_N8N_FIRST = ['integration', 'emulator', 'unit', 'queue', 'compat', 'e2e', 'editor'];

/** Whether every n8n version the run needs is installed (install-n8n.sh marks a finished one `.complete`). */
function n8nInstalled() {
	const cache = process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', 'n8n-nodes-document-processing');
	const legs = JSON.parse(fs.readFileSync(path.join(__dirname, 'compat', 'n8n-versions.json'), 'utf8'));
	return legs.every((leg) => fs.existsSync(path.join(cache, `n8n-${leg.n8n}`, '.complete')));
}

class LayerSequencer extends Sequencer {
	sort(tests) {
		const order = n8nInstalled() ? REAL_N8N_FIRST : NO_N8N_FIRST;
		const rank = (test) => {
			const index = order.indexOf(test.context.config.displayName?.name);
			return index === -1 ? order.length : index;
		};
		const byJest = super.sort(tests);
		const position = new Map(byJest.map((test, index) => [test, index]));
		return [...byJest].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
	}
}

module.exports = LayerSequencer;
