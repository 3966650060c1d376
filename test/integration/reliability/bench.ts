/** One emulator for a reliability suite, with recognisable secrets and the fixtures the operations need. */
import { randomUUID } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingTrigger } from '../../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { clearPublicKeyCache } from '../../../nodes/DocumentProcessing/api/secrets';
import { closeAllPools } from '../../../nodes/DocumentProcessing/transport';
import { DEFAULT_WORKFLOW_ID, startEmulator, type EmulatorConfig, type RunningEmulator } from '../../emulator';
import type { LoggedRequest } from '../../emulator/request-log';
import { form, TestClient } from '../../emulator/test-support/client';
import { createHookHarness, executeNode, type ExecuteOptions, type ExecuteResult, type HookHarness } from '../../harness';

/** Recognisable values: if any of them shows up in an output, an error or a log, it leaked. */
export const API_KEY = 'sk-HYGIENE-7f3a9c';
export const SECRET_PLAINTEXT = 'pt-HYGIENE-b41d2e-private';
export const SERVICE_ACCOUNT_KEY = JSON.stringify({ type: 'service_account', private_key: `-----BEGIN ${SECRET_PLAINTEXT}-----` });
export const SIGNING_SECRET = `whsec_${Buffer.from('HYGIENE-signing-5e7d0c11').toString('base64')}`;
/** Port 9 (discard) on loopback: channels may point here; deliveries to it fail quietly. */
export const NOWHERE = 'http://127.0.0.1:9';

export type Credentials = Record<string, ICredentialDataDecryptedObject>;
export type Counts = Record<'jobs' | 'secrets' | 'sources' | 'destinations' | 'workflows' | 'channels' | 'events' | 'launches' | 'rate_limited' | 'deliveries', number>;

export type { LoggedRequest };

export const EMULATOR_CONFIG: Partial<EmulatorConfig> = {
	job_duration_ms: 50,
	schedule_delay_ms: 10,
	webhook_retry_backoff_ms: 20,
	webhook_timeout_ms: 500,
};

export function credentialsFor(baseUrl: string, apiKey = API_KEY): Credentials {
	return { documentProcessingApi: { apiKey, baseUrl, partitionUrl: `${baseUrl}/general/v0/general`, allowHttpWebhooksOnLoopback: true } };
}

export class Bench {
	readonly client: TestClient;
	readonly credentials: Credentials;

	private constructor(readonly emulator: RunningEmulator) {
		this.client = new TestClient(emulator);
		this.credentials = credentialsFor(emulator.url);
	}

	static async start(config: Partial<EmulatorConfig> = EMULATOR_CONFIG): Promise<Bench> {
		return new Bench(await startEmulator({ port: 0, apiKey: API_KEY, config }));
	}

	async stop(): Promise<void> {
		await closeAllPools();
		await this.emulator.close();
	}

	async control<T = unknown>(path: string, method = 'GET', json?: unknown): Promise<T> {
		const answer = await this.client.control<T>(path, method, json);
		if (answer.status >= 300) throw new Error(`emulator control ${method} ${path}: ${answer.status} ${answer.text}`);
		return answer.body;
	}

	/** Forgets everything (and the node's cached public key): the start of a row of cases. */
	async reset(): Promise<void> {
		await this.control('/reset', 'POST', {});
		clearPublicKeyCache();
	}

	/** Between the cases of a row: no pending faults, an empty request log. */
	async clearCase(): Promise<void> {
		await this.control('/faults', 'DELETE');
		await this.control('/requests', 'DELETE');
		clearPublicKeyCache();
	}

	async counts(): Promise<Counts> {
		return await this.control<Counts>('/state');
	}

	async fault(fault: IDataObject): Promise<void> {
		await this.control('/faults', 'POST', fault);
	}

	async requests(): Promise<LoggedRequest[]> {
		return (await this.control<{ requests: LoggedRequest[] }>('/requests')).requests;
	}

	async storedSecrets(): Promise<Array<{ id: string; plaintext: string }>> {
		return (await this.control<{ secrets: Array<{ id: string; plaintext: string }> }>('/secrets')).secrets;
	}

	async run(parameters: INodeParameters, options: Partial<ExecuteOptions> = {}): Promise<ExecuteResult> {
		return await executeNode({ nodeType: new DocumentProcessing(), parameters, credentials: this.credentials, ...options });
	}

	/** A workflow run (no launch spacing) that has reached `status`. */
	private async jobIn(status: string): Promise<{ jobId: string; fileId: string }> {
		const started = await this.client.api<{ id: string; input_file_ids: string[] }>(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/run`, {
			form: form({}, [{ name: 'report.md', type: 'text/markdown', content: '# Report\n\nTotals are up.\n\n## Details\n\nMore text.' }]),
		});
		if (started.status !== 202) throw new Error(`workflow run: ${started.status} ${started.text}`);
		const jobId = started.body.id;
		await this.client.waitFor(
			async () => (await this.control<{ status: string }>(`/jobs/${jobId}`)).status,
			(current) => current === status,
		);
		return { jobId, fileId: started.body.input_file_ids[0] };
	}

	/** A workflow run that has COMPLETED, with its outputs. */
	async completedJob(): Promise<{ jobId: string; fileId: string }> {
		return await this.jobIn('COMPLETED');
	}

	/** A workflow run that is IN_PROGRESS (it stays so only while the row's job_duration_ms is long). */
	async runningJob(): Promise<string> {
		return (await this.jobIn('IN_PROGRESS')).jobId;
	}

	async eventIds(): Promise<string[]> {
		return (await this.control<{ events: Array<{ id: string }> }>('/events')).events.map((event) => event.id);
	}

	async webhookChannel(): Promise<string> {
		const created = await this.client.api<{ id: string }>('/api/v1/notifications/channels', {
			json: { channel_type: 'webhook', url: `${NOWHERE}/hooks/${randomUUID()}`, event_types: ['job.failed'] },
		});
		if (created.status !== 200) throw new Error(`channel: ${created.status} ${created.text}`);
		return created.body.id;
	}

	/** An unverified e-mail channel and the code the service "sent" for it. */
	async emailChannel(): Promise<{ id: string; code: string }> {
		const created = await this.client.api<{ id: string }>('/api/v1/notifications/channels', {
			json: { channel_type: 'email', email_config: { recipient_email: 'ops@example.com' }, event_types: ['job.completed'] },
		});
		if (created.status !== 200) throw new Error(`channel: ${created.status} ${created.text}`);
		const { messages } = await this.control<{ messages: Array<{ channel_id: string; code?: string }> }>('/outbox');
		const code = messages.find((message) => message.channel_id === created.body.id)?.code;
		if (!code) throw new Error('no verification code in the outbox');
		return { id: created.body.id, code };
	}

	async channelEnabled(id: string): Promise<boolean> {
		const answer = await this.client.api<{ enabled: boolean }>(`/api/v1/notifications/channels/${id}`);
		return answer.body.enabled;
	}

	/** The trigger's lifecycle at a webhook URL of its own (nothing listens there: deliveries fail quietly). */
	hook(options: { credentials?: Credentials; staticData?: IDataObject; webhookUrl?: string; parameters?: INodeParameters } = {}): HookHarness {
		return createHookHarness({
			nodeType: new DocumentProcessingTrigger(),
			parameters: { events: ['job.completed'], ...options.parameters },
			credentials: options.credentials ?? this.credentials,
			webhookUrl: options.webhookUrl ?? `${NOWHERE}/webhook/${randomUUID()}/webhook`,
			mode: 'trigger',
			staticData: options.staticData,
		});
	}
}

export type { ExecuteResult, HookHarness };

export const markdownItem = (name = 'report.md', text = '# Report\n\nTotals are up.\n\n## Details\n\nMore text.') => ({
	json: { name },
	binary: { data: { data: Buffer.from(text), fileName: name, mimeType: 'text/markdown' } },
});
