/**
 * Every service call the package makes, as rows of the fault matrix: the action node's operations
 * and the trigger's lifecycle methods, each with the one request a fault is aimed at.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import type { Bench, Credentials } from './bench';
import { channelOperations } from './channelOperations';
import { connectorAndInboxOperations } from './connectorAndInboxOperations';
import { eventOperations } from './eventOperations';
import type { FaultTarget } from './faultKinds';
import { manageOperations } from './manageOperations';
import { platformOperations } from './platformOperations';
import { processingOperations } from './processingOperations';
import { secretAndSourceOperations } from './secretAndSourceOperations';

export type Entity = 'jobs' | 'secrets' | 'sources' | 'destinations' | 'channels' | 'workflows';

export interface Outcome {
	output?: INodeExecutionData[];
	/** What a trigger lifecycle method returned. */
	returned?: boolean;
	error?: unknown;
}

export interface PreparedCase {
	target: { method: string; path: string };
	run(credentials: Credentials): Promise<Outcome>;
	/** Checks that a successful outcome is the real result, not just "no error". */
	succeeded(outcome: Outcome): Promise<void> | void;
}

export interface OperationUnderTest extends FaultTarget {
	name: string;
	/** The item errors name (action node); the trigger's lifecycle errors name none. */
	itemIndex?: number;
	/** Launches an on-demand job: its first attempt may wait up to a second for its launch slot. */
	launches?: boolean;
	/**
	 * What the operation leaves in the service: created by the faulted request (`creates`), by an
	 * earlier step (`before`) or a later one (`after`), or deleted by the faulted request.
	 */
	effects: { creates?: Entity; before?: Entity; after?: Entity; deletes?: Entity };
	/** Once per row, after the emulator was reset. */
	setup?(bench: Bench): Promise<void>;
	/** Per case: what the case needs, the request to fault and how to run the operation. */
	prepare(bench: Bench): Promise<PreparedCase>;
}

export function operationsUnderTest(): OperationUnderTest[] {
	// Rows run side by side, so each row keeps its own fixture: every call builds fresh ones.
	return [...processingOperations(), ...secretAndSourceOperations(), ...channelOperations(), ...manageOperations(), ...connectorAndInboxOperations(), ...eventOperations(), ...platformOperations()];
}
