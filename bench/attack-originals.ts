/**
 * Issue 49 rows 5 and 6 against a served n8n 2.40.7 (the packed package installed), through the
 * vector-store example, the partition answer made hostile by the emulator: for each row n8n's
 * peak RSS growth (sampled from outside every 250 ms, plus the kernel's peak), the longest wait
 * of its `/healthz` probed back to back and the most its main thread ran within one wait, and the
 * outcome. `attackOriginals(target, row)` is the module's export for a bench that already has an
 * n8n, an emulator and an embeddings server (the attack bench); run alone it boots its own:
 *
 *   npx ts-node --transpile-only bench/attack-originals.ts
 */
import { startEmulator } from '../test/emulator';
import { EXAMPLES_EMULATOR } from '../test/e2e/examples/examples-context';
import { attackOriginals as attack, ORIGINALS_ATTACKS, type AttackFigures, type AttackTarget, type Encoding, type OriginalsRow } from '../test/e2e/lib/attack-originals';
import { startScriptedModel } from '../test/e2e/lib/scripted-model';
import { ATTACK_BOUNDS } from '../test/e2e/lib/served-attack';
import { setupN8nE2e } from '../test/e2e/lib/setup';
import { conditions, print, table, verdict } from './lib/table';

export { ORIGINALS_ATTACKS, type AttackTarget, type Encoding, type OriginalsRow };

/** One row's figures: {rssGrowthMiB, longestHealthzWaitMs, longestLoopHeldMs, outcome}. */
export async function attackOriginals(target: AttackTarget, row: OriginalsRow, encoding: Encoding = 'zlib'): Promise<AttackFigures> {
	const { rssGrowthMiB, longestHealthzWaitMs, longestLoopHeldMs, outcome } = await attack(target, row, encoding);
	return { rssGrowthMiB, longestHealthzWaitMs, longestLoopHeldMs, outcome };
}

async function main(): Promise<void> {
	const emulator = await startEmulator({ port: 0, config: EXAMPLES_EMULATOR });
	const model = await startScriptedModel(() => ({ content: 'unused' }));
	const n8n = await setupN8nE2e({ label: 'bench-attack-originals' });
	const rows: string[][] = [];
	try {
		for (const row of [5, 6] as const) {
			for (const encoding of ['zlib', 'gzip'] as const) {
				const figures = await attackOriginals({ n8n, emulator, embeddingsUrl: model.baseUrl }, row, encoding);
				const met = figures.rssGrowthMiB <= ATTACK_BOUNDS.rssGrowthMiB && figures.longestLoopHeldMs <= ATTACK_BOUNDS.loopHeldMs && figures.outcome.startsWith('success');
				rows.push([String(row), `${ORIGINALS_ATTACKS[row].label} (${encoding})`, String(figures.rssGrowthMiB), String(figures.longestHealthzWaitMs), String(figures.longestLoopHeldMs), figures.outcome, verdict(met)]);
				// An n8n that died answers no further row.
				if (figures.outcome.startsWith('n8n died')) return printRows(rows);
			}
		}
	} finally {
		await n8n.close();
		await model.close();
		await emulator.close();
	}
	printRows(rows);
}

function printRows(rows: string[][]): void {
	print(conditions('served n8n 2.40.7, the vector-store example, the partition answer replaced by the emulator'));
	print();
	print(table(['row', 'answer', 'RSS growth MiB', 'longest /healthz ms', 'loop held ms', 'outcome', 'bound (≤ 256 MiB, held ≤ 1 s)'], rows));
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		process.exit(1);
	});
}
