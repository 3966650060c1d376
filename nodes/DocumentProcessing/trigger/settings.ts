import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { isEventType, type EventType } from '../webhooks/eventTypes';
import type { OutputShape } from '../outputs/elementItems';
import { workflowIdFromValue } from '../descriptions/workflowLocator';

export type DeliveryShape = 'event' | OutputShape;

/** The trigger's parameters, read the same way during activation and for each delivery. */
export interface TriggerSettings {
	/** Undefined for a workspace channel. */
	workflowId: string | undefined;
	events: EventType[];
	verifySignatures: boolean;
	includeJob: boolean;
	downloadOutputs: boolean;
	outputShape: DeliveryShape;
	finalNodeOnly: boolean;
}

const SHAPES: readonly DeliveryShape[] = ['event', 'files', 'elements'];

export function triggerSettings(ctx: IHookFunctions | IWebhookFunctions): TriggerSettings {
	const node = ctx.getNode();
	const scope = ctx.getNodeParameter('scope', 'workspace') as string;
	const workflowId =
		scope === 'workflow'
			? workflowIdFromValue(node, ctx.getNodeParameter('workflowId', '', { extractValue: true }))
			: undefined;
	const rawEvents = ctx.getNodeParameter('events', []) as unknown;
	const events = (Array.isArray(rawEvents) ? rawEvents : []).filter(isEventType);
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Events is empty', {
			description: 'Select at least one job event that should start the workflow.',
		});
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const shape = options.outputShape as DeliveryShape | undefined;
	return {
		workflowId,
		events: [...new Set(events)],
		verifySignatures: options.verifySignatures !== false,
		includeJob: options.includeJob === true,
		downloadOutputs: options.downloadOutputs === true,
		outputShape: shape !== undefined && SHAPES.includes(shape) ? shape : 'event',
		finalNodeOnly: options.finalNodeOnly !== false,
	};
}
