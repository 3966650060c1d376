import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DEFAULT_RUN_PACING, type RunPacingSettings } from '../../../jobs/pause/pauseWorkflow';

/** Process Files › Options › Pause: Seconds Between Launches and Pause: Jobs Running at Once. */
export function readRunPacing(ctx: IExecuteFunctions): RunPacingSettings {
	const seconds = Number(ctx.getNodeParameter('options.pauseRunSpacingSeconds', 0, DEFAULT_RUN_PACING.spacingMs / 1000));
	const runsAtOnce = Number(ctx.getNodeParameter('options.pauseRunsAtOnce', 0, DEFAULT_RUN_PACING.runsAtOnce));
	if (!(seconds >= 0 && seconds <= 60) || !(Number.isInteger(runsAtOnce) && runsAtOnce >= 0)) {
		throw new NodeOperationError(ctx.getNode(), 'Options › Pause: the seconds between launches or the jobs running at once are out of range', {
			itemIndex: 0,
			description: 'Set Pause: Seconds Between Launches to 0–60 and Pause: Jobs Running at Once to a whole number, 0 or more.',
		});
	}
	return { spacingMs: Math.round(seconds * 1000), runsAtOnce };
}
