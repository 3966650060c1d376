import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	buildJobNodes,
	type FurtherStep,
	type JobNode,
	type JobPipeline,
	type PartitionStep,
	parseRawJobNodes,
} from '../pipeline/pipeline';
import { asOperationError } from '../helpers/inputProblem';
import { pickedId } from './pickers';
import { pipelineBeforeV3 } from './pipelineFieldsBeforeV3';
import { hasPartitioning, type PartitioningChoice, pipelinePropertiesV3, readPartitioning } from './pipelineFieldsV3';
import { beforeV3, byVersion, inV3 } from './versions';

/** The pipeline fields of every version (version 3: descriptions/pipelineFieldsV3.ts). */
export const pipelineProperties: INodeProperties[] = byVersion(pipelineBeforeV3, pipelinePropertiesV3);

/** The same, per face, for operations that show the two under different conditions. */
export const pipelineFaces = { beforeV3: beforeV3(pipelineBeforeV3), v3: inV3(pipelinePropertiesV3) };

function partitionStep(ctx: IExecuteFunctions, itemIndex: number): PartitionStep {
	const subtype = ctx.getNodeParameter('partitionSubtype', itemIndex, 'vlm') as string;
	if (subtype === 'service_api') {
		return {
			subtype,
			strategy: ctx.getNodeParameter('strategy', itemIndex, 'hi_res') as string,
			extractImageBlockTypes: ctx.getNodeParameter('extractImageBlockTypes', itemIndex, []) as string[],
		};
	}
	return {
		subtype: 'vlm',
		isDynamic: ctx.getNodeParameter('isDynamic', itemIndex, true) as boolean,
		allowFast: ctx.getNodeParameter('allowFast', itemIndex, true) as boolean,
	};
}

/**
 * Version 3 steps default to Extraction Guidance; a step given without Define By (e.g. by an
 * agent or in imported JSON) is defined by whichever of the two it carries.
 */
function v3DefineBy(step: IDataObject): string {
	if (typeof step.defineBy === 'string') return step.defineBy;
	const given = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);
	return !given(step.extractionGuidance) && given(step.jsonSchema) ? 'jsonSchema' : 'extractionGuidance';
}

function furtherSteps(ctx: IExecuteFunctions, itemIndex: number): FurtherStep[] {
	const raw = ctx.getNodeParameter('steps.step', itemIndex, []) as IDataObject[];
	const v3 = hasPartitioning(ctx);
	return raw.map((step) => ({ ...step, kind: String(step.kind ?? 'llm'), ...(v3 ? { defineBy: v3DefineBy(step) } : {}) }) as FurtherStep);
}

/** The pipeline fields' answer in either version: a template, JSON job nodes, or the builder's partition step. */
function pipelineChoice(ctx: IExecuteFunctions, itemIndex: number): PartitioningChoice {
	if (hasPartitioning(ctx)) return readPartitioning(ctx, itemIndex);
	const mode = ctx.getNodeParameter('pipelineMode', itemIndex, 'builder') as string;
	if (mode === 'template') return { mode: 'template' };
	return mode === 'json' ? { mode: 'json' } : { mode: 'builder', partition: partitionStep(ctx, itemIndex) };
}

/** The item's pipeline (job nodes or a template), checked locally; a problem names the field it is in. */
export function readPipeline(ctx: IExecuteFunctions, itemIndex: number): JobPipeline {
	const choice = pipelineChoice(ctx, itemIndex);
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
