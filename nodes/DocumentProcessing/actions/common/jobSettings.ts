import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executingNode } from '../../api/context';
import { readTextOptions } from '../../descriptions/textOutput';
import { DEFAULT_TIMEOUT_MINUTES, type WaitMode } from '../../descriptions/waitFields';
import { fileFailureRouting } from '../../failedFiles/failureItems';
import type { OutputMode, OutputSettings } from '../../outputs/outputFilesToItems';
import type { WaitSettings } from '../../jobs/wait';
import { DEFAULT_POLL_SCHEDULE } from '../../async/polling';

// The readers of the waiting and output fields (descriptions/waitFields.ts,
// descriptions/outputFields.ts) for every operation that waits for a job (Job → Process, Wait for
// Job, Download Output; Workflow → Run). They live here, not beside the fields, because they
// build jobs/ settings, and descriptions/ imports none of the layers. The waiting fields and
// Results Of are Options entries everywhere; Output and its fields are at the top, except in
// Process Files, which keeps them in Options.

export function readWaitSettings(ctx: IExecuteFunctions, itemIndex: number): WaitSettings {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const maxSeconds = Number(options.maxPollIntervalSeconds ?? 10);
	const minutes = Number(options.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES);
	if (!(maxSeconds >= 1) || !(minutes > 0)) {
		throw new NodeOperationError(ctx.getNode(), 'The poll interval must be at least 1 second and the timeout positive', {
			itemIndex,
			description: 'Set Options › Longest Poll Interval (Seconds) to 1 or more and Options › Timeout (Minutes) above 0.',
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
	return ctx.getNodeParameter('options.waitMode', 0, 'poll') === 'pause' ? 'pause' : 'poll';
}

/** Where an operation keeps Output and its fields: at the top (''), or in Options ('options.'). */
export type OutputFieldsAt = '' | 'options.';

export function readOutputSettings(ctx: IExecuteFunctions, itemIndex: number, at: OutputFieldsAt = ''): OutputSettings {
	const mode = ctx.getNodeParameter(`${at}outputMode`, itemIndex, 'elements') as OutputMode;
	const binaryProperty = String(ctx.getNodeParameter(`${at}outputBinaryPropertyName`, itemIndex, 'data'));
	return {
		mode,
		...(mode === 'text' ? { text: readTextOptions(ctx, itemIndex, at) } : {}),
		lastNodeOnly: ctx.getNodeParameter('options.outputSteps', itemIndex, 'last') !== 'all',
		binaryProperty: binaryProperty.trim() || 'data',
		failures: fileFailureRouting(executingNode(ctx)),
	};
}
