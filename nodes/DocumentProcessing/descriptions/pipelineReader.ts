import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { buildJobNodes, type FurtherStep, type JobNode, type JobPipeline, type PartitionStep, parseRawJobNodes } from '../pipeline/pipeline';
import { asOperationError } from '../helpers/inputProblem';
import { pickedId } from './pickers';

/** What Partitioning says: a template, JSON job nodes, or the partition step of the builder. */
type PartitioningChoice = { mode: 'template' } | { mode: 'json' } | { mode: 'builder'; partition: PartitionStep };

/** Partitioning and its Options entries (pipelineFields.ts); Workflow Update has no Options, so their defaults. */
function readPartitioning(ctx: IExecuteFunctions, itemIndex: number): PartitioningChoice {
	const choice = ctx.getNodeParameter('partitioning', itemIndex, 'vlm') as string;
	if (choice === 'template') return { mode: 'template' };
	if (choice === 'json') return { mode: 'json' };
	if (choice !== 'vlm') {
		const blocks = ctx.getNodeParameter('options.extractImageBlockTypes', itemIndex, ['image', 'table']) as string[];
		return { mode: 'builder', partition: { subtype: 'service_api', strategy: choice, extractImageBlockTypes: blocks } };
	}
	return {
		mode: 'builder',
		partition: {
			subtype: 'vlm',
			isDynamic: ctx.getNodeParameter('options.modelPerPage', itemIndex, 'dynamic') !== 'fixed',
			allowFast: ctx.getNodeParameter('options.plainTextPages', itemIndex, 'fast') !== 'model',
		},
	};
}

/**
 * Steps default to Extraction Guidance; a step given without Define By (e.g. by an agent or in
 * imported JSON) is defined by whichever of the two it carries.
 */
function defineBy(step: IDataObject): string {
	if (typeof step.defineBy === 'string') return step.defineBy;
	const given = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);
	return !given(step.extractionGuidance) && given(step.jsonSchema) ? 'jsonSchema' : 'extractionGuidance';
}

function furtherSteps(ctx: IExecuteFunctions, itemIndex: number): FurtherStep[] {
	const raw = ctx.getNodeParameter('steps.step', itemIndex, []) as IDataObject[];
	return raw.map((step) => ({ ...step, kind: String(step.kind ?? 'llm'), defineBy: defineBy(step) }) as FurtherStep);
}

/** The item's pipeline (job nodes or a template), checked locally; a problem names the field it is in. */
export function readPipeline(ctx: IExecuteFunctions, itemIndex: number): JobPipeline {
	const choice = readPartitioning(ctx, itemIndex);
	if (choice.mode === 'template') return { templateId: pickedId(ctx, 'templateId', 'Template', itemIndex) };
	return readJobNodes(ctx, itemIndex, choice);
}

/** The item's pipeline as job nodes (builder or JSON), checked locally. */
function readJobNodes(ctx: IExecuteFunctions, itemIndex: number, choice: Exclude<PartitioningChoice, { mode: 'template' }>): JobNode[] {
	try {
		if (choice.mode === 'json') return parseRawJobNodes('Job Nodes (JSON)', ctx.getNodeParameter('jobNodesJson', itemIndex));
		return buildJobNodes(choice.partition, furtherSteps(ctx, itemIndex));
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex, {
			prefix: 'Invalid pipeline — ',
			hint: 'The pipeline starts with one partition node; further nodes follow in order. Fix the field named above.',
		});
	}
}
