import type { AddressInfo } from 'node:net';
import { configPatchSchema, ConfigHolder, DEFAULT_CONFIG, type EmulatorConfig, type TerminalJobStatus } from './config';
import type { EmulatorCore } from './core';
import { EventHub } from './events/event-hub';
import { WebhookDispatcher } from './events/webhook-dispatcher';
import { FaultStore } from './faults';
import { JobScheduler } from './jobs/scheduler';
import { RequestLog } from './request-log';
import { PARTITION_PATH } from './routes/partition-route';
import { createServiceKeys } from './secrets/service-keys';
import { createEmulatorServer } from './server';
import { EmulatorStore } from './state';
import { TimerSet } from './timers';

export type { EmulatorConfig, TerminalJobStatus } from './config';
export { DEFAULT_CONFIG } from './config';
export { DEFAULT_WORKFLOW_ID, EmulatorStore } from './state';

export interface EmulatorOptions {
	/** 0 = a random free port (the default in-process). */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Default 'test-key'. */
	apiKey?: string;
	config?: Partial<EmulatorConfig>;
}

export interface RunningEmulator {
	/** http://127.0.0.1:PORT, the host root of the workflow endpoint. */
	url: string;
	/** url + '/general/v0/general'. */
	partitionUrl: string;
	apiKey: string;
	close(): Promise<void>;
	/** Direct access to the service state, for in-process tests. */
	readonly store: EmulatorStore;
	getConfig(): EmulatorConfig;
	setConfig(patch: Partial<EmulatorConfig>): EmulatorConfig;
	/** Same as POST /_emulator/reset. */
	reset(): void;
	/** Same as POST /_emulator/jobs/{id}/finish; false if the job is unknown or already terminal. */
	finishJob(jobId: string, status: TerminalJobStatus): Promise<boolean>;
	/** Resolves when no webhook delivery is queued or in flight. */
	deliveriesIdle(): Promise<void>;
}

function urlHost(host: string): string {
	if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
	return host.includes(':') ? `[${host}]` : host;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
	const host = opts.host ?? '127.0.0.1';
	const apiKey = opts.apiKey ?? 'test-key';
	const config = new ConfigHolder({ ...DEFAULT_CONFIG, ...configPatchSchema.parse(opts.config ?? {}) });
	const store = new EmulatorStore();
	const jobTimers = new TimerSet();
	const deliveryTimers = new TimerSet();
	const requestTimers = new TimerSet();
	const webhooks = new WebhookDispatcher(store, config, deliveryTimers);
	const events = new EventHub(store, webhooks);
	const scheduler = new JobScheduler(store, config, jobTimers, events);
	const faults = new FaultStore();
	const requestLog = new RequestLog(() => config.get().request_log_limit);
	const core: EmulatorCore = {
		apiKey,
		store,
		config,
		faults,
		requestLog,
		keys: await createServiceKeys(),
		scheduler,
		events,
		webhooks,
		requestTimers,
		reset() {
			jobTimers.clearAll();
			deliveryTimers.clearAll();
			webhooks.abortAll();
			scheduler.reset();
			store.reset();
			faults.clear();
			requestLog.clear();
			config.reset();
		},
	};

	const server = createEmulatorServer(core);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;
	const url = `http://${urlHost(host)}:${port}`;

	let closing: Promise<void> | undefined;
	const close = (): Promise<void> => {
		closing ??= new Promise<void>((resolve) => {
			jobTimers.close();
			deliveryTimers.close();
			requestTimers.close();
			webhooks.abortAll();
			server.close(() => resolve());
			server.closeAllConnections();
		});
		return closing;
	};

	return {
		url,
		partitionUrl: `${url}${PARTITION_PATH}`,
		apiKey,
		close,
		store,
		getConfig: () => config.get(),
		setConfig: (patch) => {
			const merged = config.merge(configPatchSchema.parse(patch));
			scheduler.pumpAll();
			return merged;
		},
		reset: () => core.reset(),
		finishJob: async (jobId, status) => {
			const job = store.jobs.get(jobId);
			return job ? scheduler.finish(job, status) : false;
		},
		deliveriesIdle: () => webhooks.idle(),
	};
}
