/**
 * The set-up the action node's integration files share: one emulator per test file, reset (and
 * given the file's settings again) before each test, and `run` for the node through n8n-core.
 */
import type { INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import type { EmulatorConfig } from '../../emulator';
import { executeNode, type HarnessItem } from '../../harness';
import { startTestService, textFile, type TestService } from './service';

export interface ActionWorld {
	/** Throws "setup failed" before (or after a failed) beforeAll. */
	readonly service: TestService;
	run(parameters: INodeParameters, items?: HarnessItem[], continueOnFail?: boolean): ReturnType<typeof executeNode>;
}

export function useActionWorld(config: Partial<EmulatorConfig> = {}): ActionWorld {
	let service: TestService | undefined;
	const started = (): TestService => {
		if (!service) throw new Error('setup failed (emulator not started)');
		return service;
	};
	beforeAll(async () => {
		service = await startTestService(config);
	});
	afterAll(async () => await service?.stop());
	beforeEach(async () => {
		await started().control('reset', { body: {} });
		started().emulator.setConfig(config);
	});
	return {
		get service() {
			return started();
		},
		run: async (parameters, items, continueOnFail = false) =>
			await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: started().credentials, continueOnFail }),
	};
}

/** An item with one Markdown file in its `data` binary field. */
export const markdownItem = (name: string, text = `# ${name}\n\nSome text about ${name}.`): HarnessItem => ({
	json: { name },
	binary: { data: textFile(name, text, 'text/markdown') },
});
