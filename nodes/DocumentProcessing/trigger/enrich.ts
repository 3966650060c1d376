import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { downloadJobOutputs } from '../api/jobOutputs';
import { getJob } from '../api/jobs';
import type { WebhookEvent } from '../api/notifications';
import { outputItems } from '../helpers/elementItems';
import type { TriggerSettings } from './settings';

const PAIRED = { item: 0 };

/** The run's items for one event: the event item, optionally with its job and its outputs. */
export async function eventItems(
	ctx: IWebhookFunctions,
	settings: TriggerSettings,
	event: WebhookEvent,
	body: IDataObject,
): Promise<INodeExecutionData[]> {
	const item: IDataObject = {
		event_id: event.id,
		event_type: event.event_type,
		job_id: event.payload.job_id,
		status: event.payload.status,
		workflow_id: event.workflow_id ?? null,
		created_at: event.created_at,
		raw_payload: body,
	};
	const download = settings.downloadOutputs && event.event_type === 'job.completed';
	if (!settings.includeJob && !download) return [{ json: item, pairedItem: PAIRED }];

	const call = await serviceCallContext(ctx);
	const job = await getJob(call, event.payload.job_id);
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
		json: { event_id: event.id, event_type: event.event_type, ...output.json },
	}));
}
