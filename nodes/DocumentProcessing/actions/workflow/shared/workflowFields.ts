import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { WORKFLOW_SCHEDULES, type WorkflowFields } from '../../../api/workflows';
import { destinationLocator, optionalPickedId, sourceLocator } from '../../../descriptions/pickers';
import { readPipeline } from '../../../descriptions/pipelineReader';

/**
 * The workflow types that work: the service's client also lists basic, advanced and platinum,
 * which its documentation calls non-operational, so they are not offered.
 */
export const WORKFLOW_TYPES = [
	{ name: 'Custom', value: 'custom', description: 'The steps set in this node (or a template’s)' },
	{ name: 'Auto', value: 'auto', description: 'The service chooses the steps; Partitioning and Further Steps are not sent' },
];

/** Schedules in Title Case words (the values stay the service's phrases). */
export const scheduleOptions = [
	{ name: 'None (Runs Only When Started)', value: 'none' },
	...WORKFLOW_SCHEDULES.map((phrase) => ({ name: phrase.replace(/\b[a-z]/g, (first) => first.toUpperCase()), value: phrase })),
];

/** Source and destination (both optional: without them the workflow reads uploaded files and keeps its outputs for download). */
export const connectorProperties: INodeProperties[] = [
	sourceLocator({ required: false, description: 'Where the workflow reads files; leave empty for a workflow run on uploaded files' }),
	destinationLocator({ required: false, description: 'Where the workflow writes its outputs; leave empty to download them from the job' }),
];

/** The workflow nodes or the template the fields describe, as the create/update body carries them. */
export function readNodeDefinition(ctx: IExecuteFunctions, itemIndex: number): Pick<WorkflowFields, 'template_id' | 'workflow_nodes'> {
	const pipeline = readPipeline(ctx, itemIndex);
	return Array.isArray(pipeline) ? { workflow_nodes: pipeline } : { template_id: pipeline.templateId };
}

export function readConnectors(ctx: IExecuteFunctions, itemIndex: number): Pick<WorkflowFields, 'source_id' | 'destination_id'> {
	const fields: Pick<WorkflowFields, 'source_id' | 'destination_id'> = {};
	const source = optionalPickedId(ctx, 'sourceId', 'Source Connector', itemIndex);
	const destination = optionalPickedId(ctx, 'destinationId', 'Destination Connector', itemIndex);
	if (source !== undefined) fields.source_id = source;
	if (destination !== undefined) fields.destination_id = destination;
	return fields;
}

/** The documented rule, checked before sending: a schedule needs a source to read from. */
export function checkSchedule(ctx: IExecuteFunctions, fields: WorkflowFields, itemIndex: number, sourceKnown: boolean): void {
	if (typeof fields.schedule !== 'string' || sourceKnown) return;
	throw new NodeOperationError(ctx.getNode(), `Schedule "${fields.schedule}" needs a source connector`, {
		itemIndex,
		description: 'A workflow without a source runs on uploaded files, only when started through the API. Pick a Source Connector or set Schedule to None.',
	});
}
