import type { DeliveryAttempt, NotificationEvent, OutboxMessage, StoredChannel } from './channels/channel-types';
import type { Job, StoredWorkflow } from './jobs/job-types';

export const DEFAULT_WORKFLOW_ID = '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10';

export interface StoredSecret {
	id: string;
	type: 'rsa_aes';
	plaintext: string;
	created_at: Date;
}

/** A connection check as started; its status follows from the time (see connector-routes). */
export interface StoredCheck {
	id: string;
	created_at: Date;
	settles_at: Date;
	outcome: 'SUCCESS' | 'FAILURE';
}

/** A source or destination connector. */
export interface StoredSource {
	id: string;
	name: string;
	type: string;
	/** Config as sent, secret references kept as references. */
	config: Record<string, unknown>;
	/** Keys whose values are masked in responses. */
	secretKeys: string[];
	created_at: Date;
	updated_at: Date;
	checks: StoredCheck[];
}

function defaultWorkflow(): StoredWorkflow {
	return {
		id: DEFAULT_WORKFLOW_ID,
		name: 'Sample workflow',
		job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }],
		created_at: new Date(),
	};
}

/** Everything the service remembers; reset() brings it back to a fresh start. */
export class EmulatorStore {
	jobs = new Map<string, Job>();
	workflows = new Map<string, StoredWorkflow>();
	secrets = new Map<string, StoredSecret>();
	sources = new Map<string, StoredSource>();
	destinations = new Map<string, StoredSource>();
	channels = new Map<string, StoredChannel>();
	events = new Map<string, NotificationEvent>();
	outbox: OutboxMessage[] = [];
	deliveries: DeliveryAttempt[] = [];
	/** Arrival time (performance.now()) of the last accepted on-demand launch, per API key. */
	lastLaunchAt = new Map<string, number>();
	launches = 0;
	rateLimited = 0;

	constructor() {
		this.reset();
	}

	reset(): void {
		this.jobs = new Map();
		this.workflows = new Map([[DEFAULT_WORKFLOW_ID, defaultWorkflow()]]);
		this.secrets = new Map();
		this.sources = new Map();
		this.destinations = new Map();
		this.channels = new Map();
		this.events = new Map();
		this.outbox = [];
		this.deliveries = [];
		this.lastLaunchAt = new Map();
		this.launches = 0;
		this.rateLimited = 0;
	}

	/** A workflow id is known if it is a stored workflow or the workflow of some job (on-demand jobs get their own). */
	isKnownWorkflow(id: string): boolean {
		if (this.workflows.has(id)) return true;
		for (const job of this.jobs.values()) if (job.workflow_id === id) return true;
		return false;
	}

	counts(): Record<string, number> {
		return {
			jobs: this.jobs.size,
			secrets: this.secrets.size,
			sources: this.sources.size,
			destinations: this.destinations.size,
			workflows: this.workflows.size,
			channels: this.channels.size,
			events: this.events.size,
			launches: this.launches,
			rate_limited: this.rateLimited,
			deliveries: this.deliveries.length,
		};
	}
}
