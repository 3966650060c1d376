/** Shared setup of the secret and source-connector integration tests. */
import type { INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { clearPublicKeyCache } from '../../nodes/DocumentProcessing/api/secrets';
import { startEmulator, type RunningEmulator } from '../emulator';
import { TestClient } from '../emulator/test-support/client';
import { executeNode, type ExecuteOptions, type ExecuteResult } from '../harness';

export interface LoggedRequest {
	method: string;
	path: string;
	json?: unknown;
	status?: number;
	fault?: string;
}

export interface StoredSecret {
	id: string;
	type: string;
	plaintext: string;
}

export interface SecretTestBed {
	emulator: RunningEmulator;
	client: TestClient;
	run(parameters: INodeParameters, options?: Partial<ExecuteOptions>): Promise<ExecuteResult>;
	requests(): Promise<LoggedRequest[]>;
	secrets(): Promise<StoredSecret[]>;
	fault(fault: Record<string, unknown>): Promise<void>;
	publicPem(): Promise<string>;
}

/** One emulator per test file; every test starts from an empty service and an empty key cache. */
export function secretTestBed(): SecretTestBed {
	let emulator: RunningEmulator | undefined;
	let client: TestClient | undefined;
	const bed = {
		get emulator(): RunningEmulator {
			if (!emulator) throw new Error('emulator not started');
			return emulator;
		},
		get client(): TestClient {
			if (!client) throw new Error('emulator not started');
			return client;
		},
		async run(parameters: INodeParameters, options: Partial<ExecuteOptions> = {}): Promise<ExecuteResult> {
			const emu = bed.emulator;
			return await executeNode({
				nodeType: new DocumentProcessing(),
				parameters,
				credentials: { documentProcessingApi: { apiKey: emu.apiKey, baseUrl: emu.url, partitionUrl: emu.partitionUrl } },
				...options,
			});
		},
		async requests(): Promise<LoggedRequest[]> {
			return (await bed.client.control<{ requests: LoggedRequest[] }>('/requests')).body.requests;
		},
		async secrets(): Promise<StoredSecret[]> {
			return (await bed.client.control<{ secrets: StoredSecret[] }>('/secrets')).body.secrets;
		},
		async fault(fault: Record<string, unknown>): Promise<void> {
			const answer = await bed.client.control('/faults', 'POST', fault);
			if (answer.status !== 200) throw new Error(`fault not accepted: ${answer.text}`);
		},
		async publicPem(): Promise<string> {
			return (await bed.client.api<{ pem_key: string }>('/api/v1/users/retrieve', { method: 'POST' })).body.pem_key;
		},
	};
	beforeAll(async () => {
		emulator = await startEmulator({ apiKey: `it-${Math.random().toString(36).slice(2)}` });
		client = new TestClient(emulator);
	});
	beforeEach(async () => {
		bed.emulator.reset();
		clearPublicKeyCache();
	});
	afterAll(async () => {
		const { closeAllPools } = await import('../../nodes/DocumentProcessing/transport');
		await closeAllPools();
		await emulator?.close();
	});
	return bed;
}

/** Everything of an error a user or a log could see, as one text. */
export function errorText(error: unknown): string {
	const parts: string[] = [];
	if (error instanceof Error) parts.push(error.message, String((error as { description?: unknown }).description ?? ''));
	try {
		parts.push(JSON.stringify(error));
	} catch {
		parts.push(String(error));
	}
	return parts.join('\n');
}

export async function caught(promise: Promise<unknown>): Promise<Error & { description?: string; httpCode?: string }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { description?: string; httpCode?: string };
	}
	throw new Error('expected the node to fail');
}
