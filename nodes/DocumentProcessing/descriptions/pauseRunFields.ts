import type { INodeProperties } from 'n8n-workflow';

/**
 * Process Files › Options, pause mode only: how the runs of the pause's own workflow are launched.
 * The spacing is the service's documented limit for on-demand jobs (one launch per second); no
 * window by default, since the service queues what it cannot run yet (SCHEDULED) and a window
 * would hold the execution, not parked, until its last launch.
 */
export const pauseRunOptions: INodeProperties[] = [
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
		default: 0,
		description:
			'Wait Mode › Pause only: 0 launches every job at the spacing and parks at once, the service queueing what it cannot run yet. A number launches a further job only while fewer of this execution’s jobs are unfinished, holding the execution (not parked) until the last launch.',
	},
];
