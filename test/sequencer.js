/**
 * Test order for parallel workers: the suites that run longest and wait most (queue mode's own
 * n8n cluster, the compatibility legs, real-n8n end to end, the editor) start first, so the many
 * short unit, emulator and integration suites fill the workers' gaps instead of leaving one long
 * suite running alone at the end. Within a layer, jest's own order (slowest first by its cache,
 * else the largest file).
 */
const Sequencer = require('@jest/test-sequencer').default;

const LAYER_ORDER = ['queue', 'compat', 'e2e', 'editor', 'integration', 'emulator', 'unit'];

function rank(test) {
	const name = test.context.config.displayName?.name;
	const index = LAYER_ORDER.indexOf(name);
	return index === -1 ? LAYER_ORDER.length : index;
}

class LayerSequencer extends Sequencer {
	sort(tests) {
		const byJest = super.sort(tests);
		const position = new Map(byJest.map((test, index) => [test, index]));
		return [...byJest].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
	}
}

module.exports = LayerSequencer;
