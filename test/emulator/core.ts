import type { ConfigHolder } from './config';
import type { EventHub } from './events/event-hub';
import type { WebhookDispatcher } from './events/webhook-dispatcher';
import type { FaultStore } from './faults';
import type { JobScheduler } from './jobs/scheduler';
import type { RequestLog } from './request-log';
import type { ServiceKeys } from './secrets/service-keys';
import type { EmulatorStore } from './state';
import type { TimerSet } from './timers';

/** The parts of a running emulator that route handlers work with. */
export interface EmulatorCore {
	apiKey: string;
	store: EmulatorStore;
	config: ConfigHolder;
	faults: FaultStore;
	requestLog: RequestLog;
	keys: ServiceKeys;
	scheduler: JobScheduler;
	events: EventHub;
	webhooks: WebhookDispatcher;
	/** Timers of in-flight requests (fault delays, per-page processing): cleared only on close. */
	requestTimers: TimerSet;
	reset(): void;
}
