import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executingNode } from '../../api/context';
import { readTextOptions } from '../../descriptions/textOutput';
import { DEFAULT_TIMEOUT_MINUTES, type WaitMode } from '../../descriptions/waitFields';
import { fileFailureRouting } from '../../failedFiles/failureItems';
import type { OutputMode, OutputSettings } from '../../outputs/outputFilesToItems';
import type { WaitSettings } from '../../jobs/wait';
import { DEFAULT_POLL_SCHEDULE } from '../../async/polling';
import { nodeSetting, settingsGroup, switchSetting } from '../../helpers/nodeSetting';
import { optionPath } from '../../helpers/nodeVersion';

// The readers of the Waiting, Wait Mode and output fields (descriptions/waitFields.ts,
// descriptions/outputFields.ts) for every operation that waits for a job (Job → Process, Wait for
// Job, Download Output; Workflow → Run). They live here, not beside the fields, because they
// build jobs/ settings, and descriptions/ imports none of the layers.

export function readWaitSettings(ctx: IExecuteFunctions, itemIndex: number): WaitSettings {
	const options = settingsGroup(ctx, 'waitOptions', itemIndex);
	const maxSeconds = Number(options.maxPollIntervalSeconds ?? 10);
	const minutes = Number(options.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES);
	if (!(maxSeconds >= 1) || !(minutes > 0)) {
		const node = ctx.getNode();
		throw new NodeOperationError(node, 'The poll interval must be at least 1 second and the timeout positive', {
			itemIndex,
			description: `Set ${optionPath(node, 'Waiting', 'Longest Poll Interval (Seconds)')} to 1 or more and ${optionPath(node, 'Waiting', 'Timeout (Minutes)')} above 0.`,
		});
	}
	return {
		schedule: { ...DEFAULT_POLL_SCHEDULE, maxMs: maxSeconds * 1000, initialMs: Math.min(DEFAULT_POLL_SCHEDULE.initialMs, maxSeconds * 1000) },
		timeoutMs: minutes * 60_000,
		failOnJobFailure: options.failOnJobFailure !== false,
	};
}

export function readWaitMode(ctx: IExecuteFunctions): WaitMode {
	// One wait per execution: the mode of the first item decides for all.
	return nodeSetting<string>(ctx, 'waitMode', 0, 'poll') === 'pause' ? 'pause' : 'poll';
}

export function readOutputSettings(ctx: IExecuteFunctions, itemIndex: number): OutputSettings {
	const mode = nodeSetting<OutputMode>(ctx, 'outputMode', itemIndex, 'elements');
	return {
		mode,
		...(mode === 'text' ? { text: readTextOptions(ctx, itemIndex) } : {}),
		lastNodeOnly: switchSetting(ctx, itemIndex, { before: 'lastNodeOnly', v3: 'outputSteps', on: 'last' }, true),
		binaryProperty: nodeSetting(ctx, 'outputBinaryPropertyName', itemIndex, 'data').trim() || 'data',
		failures: fileFailureRouting(executingNode(ctx)),
	};
}
