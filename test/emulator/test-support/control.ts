import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export type ControlCall = <T = unknown>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** Calls an emulator's `/_emulator/` endpoints over HTTP (in-process or in another process alike). */
export function emulatorControl(url: string): ControlCall {
	return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
		const response = await fetch(`${url}/_emulator/${path}`, {
			method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
			headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
			body: init.body === undefined ? undefined : JSON.stringify(init.body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`emulator control ${path}: ${response.status} ${text}`);
		return (text ? JSON.parse(text) : undefined) as T;
	};
}

/** The node's credential pointing at an emulator. */
export function emulatorCredentials(address: { url: string; partitionUrl: string; apiKey: string }): Record<string, ICredentialDataDecryptedObject> {
	// The emulator delivers webhooks over http on loopback, which the node allows only with this switch.
	return { documentProcessingApi: { apiKey: address.apiKey, baseUrl: address.url, partitionUrl: address.partitionUrl, allowHttpWebhooksOnLoopback: true } };
}
