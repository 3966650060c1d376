import type { ICredentialDataDecryptedObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { startEmulator, type EmulatorConfig, type RunningEmulator } from '../../emulator';
import type { LoggedRequest } from '../../emulator/request-log';
import { emulatorControl, emulatorCredentials } from '../../emulator/test-support/control';
import { closeAllPools } from '../../../nodes/DocumentProcessing/transport';

export type { LoggedRequest };

/** One emulator per test file, with the credential that points the node at it. */
export interface TestService {
	emulator: RunningEmulator;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	control<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
	requests(pathPrefix?: string): Promise<LoggedRequest[]>;
	counts(): Promise<Record<string, number>>;
	stop(): Promise<void>;
}

export interface TestServiceOptions {
	/** The emulator's key; its default 'test-key' otherwise. */
	apiKey?: string;
}

export async function startTestService(config: Partial<EmulatorConfig> = {}, options: TestServiceOptions = {}): Promise<TestService> {
	const emulator = await startEmulator({ port: 0, config, apiKey: options.apiKey });
	const control = emulatorControl(emulator.url);
	return {
		emulator,
		credentials: emulatorCredentials(emulator),
		control,
		requests: async (pathPrefix = '') =>
			(await control<{ requests: LoggedRequest[] }>('requests')).requests.filter((request) => request.path.startsWith(pathPrefix)),
		counts: async () => await control<Record<string, number>>('state'),
		stop: async () => {
			await closeAllPools();
			await emulator.close();
		},
	};
}

export function textFile(name: string, text: string, mimeType = 'text/plain') {
	return { data: Buffer.from(text), fileName: name, mimeType };
}

/** The error a node run was expected to end with; a run that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<NodeApiError | NodeOperationError> {
	try {
		await promise;
	} catch (error) {
		return error as NodeApiError | NodeOperationError;
	}
	throw new Error('expected the node to fail');
}
