import { closeAllPools } from '../../nodes/DocumentProcessing/transport';
import { disposeHarness } from '../../test/harness';
import type { EmulatorProcess } from './emulator-process';

/** Ends a bench that ran the node in this process: pooled sockets, the harness's n8n folder, the emulator. */
export async function releaseInProcessBench(emulator: EmulatorProcess): Promise<void> {
	await closeAllPools();
	await disposeHarness();
	await emulator.stop();
}
