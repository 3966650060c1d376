import type { INodeProperties } from 'n8n-workflow';

export const DEFAULT_TIMEOUT_MINUTES = 120;

/** How long and how often a job is polled, and what an unsuccessful end does: Options entries. */
const waitingOptions: INodeProperties[] = [
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
];

export type WaitMode = 'poll' | 'pause';

/** Whether the execution polls or pauses while a job runs. */
const waitModeProperty: INodeProperties = {
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

/** The Options entries of every operation that waits for a job (Process Files, Wait for Job, Run Workflow). */
export const waitOptions: INodeProperties[] = [waitModeProperty, ...waitingOptions];
