import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { MAX_FILES_PER_JOB } from '../../../helpers/binaries';
import type { BatchMode } from '../../../jobs/batching';
import type { JobRequests } from '../../../jobs/launch';
import { itemInputFiles } from '../../common/fileInput';
import { readPipeline } from '../../../descriptions/pipelineReader';

export const batchModeProperty: INodeProperties = {
	displayName: 'Batching',
	name: 'batchMode',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'One Job per Item', value: 'perItem', description: 'Each item’s files go into a job of their own' },
		{
			name: 'Combine Items',
			value: 'combine',
			description: `All items’ files go into as few jobs as possible, at most ${MAX_FILES_PER_JOB} files each (the first item’s pipeline is used)`,
		},
	],
	default: 'perItem',
};

/** Batching, pipeline and files as the job lifecycle (jobs/launch.ts) reads them. */
export function readJobRequests(ctx: IExecuteFunctions): JobRequests {
	return {
		mode: ctx.getNodeParameter('options.batchMode', 0, 'perItem') as BatchMode,
		pipeline: (itemIndex) => readPipeline(ctx, itemIndex),
		files: async (itemIndex, maxFiles) => await itemInputFiles(ctx, itemIndex, { maxFiles }),
	};
}
