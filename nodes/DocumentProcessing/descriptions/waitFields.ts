import type { INodeProperties } from 'n8n-workflow';

export const DEFAULT_TIMEOUT_MINUTES = 120;

export const waitOptionsProperty: INodeProperties = {
	displayName: 'Waiting',
	name: 'waitOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Fail on Unsuccessful Job',
			name: 'failOnJobFailure',
			type: 'boolean',
			default: true,
			description:
				'Whether a job that fails or is stopped stops the workflow with an error; when off, the job is output with "succeeded": false',
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

/** Version 3: the Wait Mode and Waiting fields as entries of the operation's Options. */
export const waitOptionsV3: INodeProperties[] = [waitModeProperty, ...(waitOptionsProperty.options as INodeProperties[])];
