import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DEFAULT_POLL_SCHEDULE } from '../../../helpers/polling';
import type { WaitSettings } from '../../../jobs/wait';

const DEFAULT_TIMEOUT_MINUTES = 120;

export const waitOptionsProperty: INodeProperties = {
	displayName: 'Waiting',
	name: 'waitOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Fail on Unsuccessful Job',
			name: 'failOnJobFailure',
			type: 'boolean',
			default: true,
			description:
				'Whether a job that ends FAILED or STOPPED stops the workflow with an error; when off, the job is output with "succeeded": false',
		},
		{
			displayName: 'Longest Poll Interval (Seconds)',
			name: 'maxPollIntervalSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 300 },
			default: 10,
			description: 'Polling starts after about a second and slows down to this interval for long jobs',
		},
		{
			displayName: 'Timeout (Minutes)',
			name: 'timeoutMinutes',
			type: 'number',
			typeOptions: { minValue: 0.05 },
			default: DEFAULT_TIMEOUT_MINUTES,
			description: 'How long to wait for the job to finish before giving up',
		},
	],
};

export function readWaitSettings(ctx: IExecuteFunctions, itemIndex: number): WaitSettings {
	const options = ctx.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const maxSeconds = Number(options.maxPollIntervalSeconds ?? 10);
	const minutes = Number(options.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES);
	if (!(maxSeconds >= 1) || !(minutes > 0)) {
		throw new NodeOperationError(ctx.getNode(), 'Waiting › the poll interval must be at least 1 second and the timeout positive', {
			itemIndex,
			description: 'Set Waiting › Longest Poll Interval (Seconds) to 1 or more and Waiting › Timeout (Minutes) above 0.',
		});
	}
	return {
		schedule: { ...DEFAULT_POLL_SCHEDULE, maxMs: maxSeconds * 1000, initialMs: Math.min(DEFAULT_POLL_SCHEDULE.initialMs, maxSeconds * 1000) },
		timeoutMs: minutes * 60_000,
		failOnJobFailure: options.failOnJobFailure !== false,
	};
}

export type WaitMode = 'poll' | 'pause';

/** Shown next to Waiting wherever an operation waits for a job; the default keeps today's behaviour. */
export const waitModeProperty: INodeProperties = {
	displayName: 'Wait Mode',
	name: 'waitMode',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Poll in This Execution',
			value: 'poll',
			description: 'Check the job every few seconds; the execution (and its queue-mode worker slot) stays busy until the job ends',
		},
		{
			name: 'Pause Execution Until the Job Ends',
			value: 'pause',
			description:
				'Free n8n while the job runs: the execution waits (like the Wait node) and continues when the service reports the job’s end to its resume URL, which the service must be able to reach over HTTPS',
		},
	],
	default: 'poll',
};

export function readWaitMode(ctx: IExecuteFunctions): WaitMode {
	// One wait per execution: the mode of the first item decides for all.
	return ctx.getNodeParameter('waitMode', 0, 'poll') === 'pause' ? 'pause' : 'poll';
}
