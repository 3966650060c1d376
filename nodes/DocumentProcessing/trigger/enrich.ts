import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { outputItems } from '../outputs/elementItems';
import { failureJson } from '../failedFiles/failedInJob';
import { jobWithOutputs } from '../jobs/results';
import type { TriggerEvent } from './resolveEvent';
import type { TriggerSettings } from './settings';

const PAIRED = { item: 0 };

/** The run's items for one event: the event item, optionally with its job and its outputs. */
export async function eventItems(
	ctx: IWebhookFunctions,
	settings: TriggerSettings,
	event: TriggerEvent,
	body: IDataObject | string,
): Promise<INodeExecutionData[]> {
	const item: IDataObject = { ...event, raw_payload: body };
	const download = settings.downloadOutputs && event.event_type === 'job.completed';
	// Without a job id (an event nothing could be learned about) there is no job to add.
	if ((!settings.includeJob && !download) || event.job_id === null) return [{ json: item, pairedItem: PAIRED }];

	const call = await serviceCallContext(ctx);
	const { job, files, failures } = await jobWithOutputs(call, event.job_id, download ? { lastNodeOnly: settings.finalNodeOnly } : undefined);
	if (settings.includeJob) item.job = job as IDataObject;
	if (!download) return [{ json: item, pairedItem: PAIRED }];

	// A trigger has no error output and must not lose the delivery: failed files are always items.
	const failed = failures.map((failure) => ({ json: { event_id: event.event_id, event_type: event.event_type, ...failureJson(failure) }, pairedItem: PAIRED }));
	if (settings.outputShape === 'event' || files.length === 0) {
		item.outputs = outputItems(files, 'files', () => PAIRED).map((output) => output.json);
		if (failures.length > 0) item.failed_files = failures.map(failureJson);
		return [{ json: item, pairedItem: PAIRED }];
	}
	if (settings.outputShape === 'elements') return [...outputItems(files, 'elements', () => PAIRED), ...failed];
	const outputs = outputItems(files, 'files', () => PAIRED).map((output) => ({
		...output,
		json: { event_id: event.event_id, event_type: event.event_type, ...output.json },
	}));
	return [...outputs, ...failed];
}
