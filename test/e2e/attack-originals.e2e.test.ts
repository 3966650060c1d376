/**
 * Attack suite, real n8n (issue 49 rows 5 and 6, issue 50): the vector-store example as shipped
 * (its own store key aside) under a hostile partition answer. Before, 64 chunks whose original
 * elements each inflate to 4 MiB took n8n down (heap out of memory after 47 s, RSS peak 4,532
 * MiB), and one chunk of 135,300 originals failed the insert ("Maximum call stack size
 * exceeded"). Now each chunk is inflated alone under a per-chunk and a per-file bound, kept only
 * as a summary, and a chunk over a bound is stored with its own page and the reason: n8n's
 * resident memory grows by at most 256 MiB, its health check never waits a second, and every
 * chunk is stored.
 */
import { attackOriginals } from './lib/attack-originals';
import { ATTACK_BOUNDS } from './lib/served-attack';
import { startScriptedModel, type ScriptedModel } from './lib/scripted-model';
import { EXAMPLES_EMULATOR } from './examples/examples-context';
import { useE2eSuite } from './n8n';

describe('attack: hostile original elements through the vector-store example, n8n watched from outside', () => {
	const suite = useE2eSuite({ label: 'attack-originals', emulatorConfig: EXAMPLES_EMULATOR });
	let model: ScriptedModel;
	beforeAll(async () => {
		model = await startScriptedModel(() => ({ content: 'unused' }));
	});
	afterAll(async () => await model?.close());

	/** The row's attack; the figures travel with the verdicts, so that a failure shows them. */
	const attackedWithin = async (row: 5 | 6, encoding: 'zlib' | 'gzip') => {
		const result = await attackOriginals({ n8n: suite.e2e, emulator: suite.emulator, embeddingsUrl: model.baseUrl }, row, encoding);
		const figures = { rssGrowthMiB: result.rssGrowthMiB, longestHealthzWaitMs: result.longestHealthzWaitMs, longestLoopHeldMs: result.longestLoopHeldMs, outcome: result.outcome };
		expect({ status: result.status, withinBound: result.rssGrowthMiB <= ATTACK_BOUNDS.rssGrowthMiB, heldUnderOneSecond: result.longestLoopHeldMs <= ATTACK_BOUNDS.loopHeldMs, figures }).toEqual({
			status: 'success',
			withinBound: true,
			heldUnderOneSecond: true,
			figures,
		});
		return result;
	};

	// zlib as the service compresses them; gzip is what the loader read before, and what took n8n down.
	it.each(['zlib', 'gzip'] as const)('row 5 (%s): 64 chunks of originals inflating to 4 MiB each: all stored, those past the file’s bound say why; memory ≤ 256 MiB', async (encoding) => {
		const result = await attackedWithin(5, encoding);
		expect(result.stored).toHaveLength(64);
		const skipped = result.stored.filter((doc) => doc.metadata.orig_elements_skipped !== undefined);
		expect(skipped).toHaveLength(48);
		expect(skipped[0]?.metadata).not.toHaveProperty('page_range');
	}, 5 * 60_000);

	it.each(['zlib', 'gzip'] as const)('row 6 (%s): one chunk of 135,300 originals: stored with the reason, no stack overflow; memory ≤ 256 MiB', async (encoding) => {
		const result = await attackedWithin(6, encoding);
		expect(result.stored.map((doc) => doc.metadata.orig_elements_skipped)).toEqual(["orig_elements holds 135,300 elements, over the loader's bound of 10,000 per chunk"]);
	}, 5 * 60_000);
});
