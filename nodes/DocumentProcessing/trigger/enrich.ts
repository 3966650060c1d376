import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { serviceCallContext } from '../api/channels';
import { downloadJobOutputs } from '../api/jobOutputs';
import { getJob } from '../api/jobs';
import { outputItems } from '../helpers/elementItems';
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
	const job = await getJob(call, event.job_id);
	if (settings.includeJob) item.job = job as IDataObject;
	if (!download) return [{ json: item, pairedItem: PAIRED }];

	const files = await downloadJobOutputs(call, job, { lastNodeOnly: settings.finalNodeOnly });
	if (settings.outputShape === 'event' || files.length === 0) {
		item.outputs = outputItems(files, 'files', () => PAIRED).map((output) => output.json);
		return [{ json: item, pairedItem: PAIRED }];
	}
	if (settings.outputShape === 'elements') return outputItems(files, 'elements', () => PAIRED);
	return outputItems(files, 'files', () => PAIRED).map((output) => ({
		...output,
		json: { event_id: event.event_id, event_type: event.event_type, ...output.json },
	}));
}
