/** Shared setup of the secret and source-connector integration tests. */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import { clearPublicKeyCache } from '../../../nodes/DocumentProcessing/api/secrets';
import type { RunningEmulator } from '../../emulator';
import { TestClient } from '../../emulator/test-support/client';
import { executeNode, type ExecuteOptions, type ExecuteResult } from '../../harness';
import { startTestService, type LoggedRequest, type TestService } from './service';

export type { LoggedRequest };

export interface StoredSecret {
	id: string;
	type: string;
	plaintext: string;
}

export interface SecretTestBed {
	emulator: RunningEmulator;
	client: TestClient;
	/** The main credential pointing at this bed's emulator, to pass beside others (connector credentials). */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	run(parameters: INodeParameters, options?: Partial<ExecuteOptions>): Promise<ExecuteResult>;
	requests(): Promise<LoggedRequest[]>;
	secrets(): Promise<StoredSecret[]>;
	fault(fault: Record<string, unknown>): Promise<void>;
	publicPem(): Promise<string>;
}

/** One emulator per test file; every test starts from an empty service and an empty key cache. */
export function secretTestBed(): SecretTestBed {
	let service: TestService | undefined;
	const started = (): TestService => {
		if (!service) throw new Error('emulator not started');
		return service;
	};
	const bed = {
		get emulator(): RunningEmulator {
			return started().emulator;
		},
		get client(): TestClient {
			return new TestClient(started().emulator);
		},
		get credentials(): Record<string, ICredentialDataDecryptedObject> {
			return started().credentials;
		},
		async run(parameters: INodeParameters, options: Partial<ExecuteOptions> = {}): Promise<ExecuteResult> {
			return await executeNode({
				nodeType: new DocumentProcessing(),
				parameters,
				credentials: started().credentials,
				...options,
			});
		},
		async requests(): Promise<LoggedRequest[]> {
			return await started().requests();
		},
		async secrets(): Promise<StoredSecret[]> {
			return (await started().control<{ secrets: StoredSecret[] }>('secrets')).secrets;
		},
		async fault(fault: Record<string, unknown>): Promise<void> {
			await started().control('faults', { body: fault });
		},
		async publicPem(): Promise<string> {
			return (await bed.client.api<{ pem_key: string }>('/api/v1/users/retrieve', { method: 'POST' })).body.pem_key;
		},
	};
	beforeAll(async () => {
		service = await startTestService({}, { apiKey: `it-${Math.random().toString(36).slice(2)}` });
	});
	beforeEach(async () => {
		bed.emulator.reset();
		clearPublicKeyCache();
	});
	afterAll(async () => {
		await service?.stop();
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
