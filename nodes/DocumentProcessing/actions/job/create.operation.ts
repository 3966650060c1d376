import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { fileInputProperties } from '../common/fileInput';
import { forEachLaunchedJob, launchRecord } from '../../jobs/launch';
import { batchModeProperty, readJobRequests } from './shared/launchFields';
import { pipelineProperties } from '../../descriptions/pipelineFields';

const properties: INodeProperties[] = [...fileInputProperties, batchModeProperty, ...pipelineProperties];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await forEachLaunchedJob(this, items, readJobRequests(this), async (launched) => launchRecord(launched), 8);
}
