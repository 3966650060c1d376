import type { INodeProperties } from 'n8n-workflow';

/**
 * Process Files › Options, pause mode only: how the runs of the pause's own workflow are launched.
 * The defaults are the service's documented limits for on-demand jobs (one launch per second, 5
 * running per account); workflow runs have no documented limits of their own.
 */
export const pauseRunOptionsV3: INodeProperties[] = [
	{
		displayName: 'Pause: Seconds Between Launches',
		name: 'pauseRunSpacingSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 60, numberPrecision: 2 },
		default: 1,
		description:
			'Wait Mode › Pause only: the time between one job’s accepted launch and the next, as the service requires for on-demand jobs. A refused launch (429) waits and is sent again.',
	},
	{
		displayName: 'Pause: Jobs Running at Once',
		name: 'pauseRunsAtOnce',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 5,
		description:
			'Wait Mode › Pause only: a further job is launched only while fewer of this execution’s jobs are unfinished (the service runs 5 on-demand jobs per account at once). 0 launches them all and lets the service queue them.',
	},
];
