import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { allowPrivateUrlsOption, fileInputProperties } from '../common/fileInput';
import { accountedRequests, forEachLaunchedJob, launchRecord } from '../../jobs/launch';
import { batchModeProperty, readJobRequests } from './shared/launchFields';
import { pipelineOptions, pipelineProperties } from '../../descriptions/pipelineFields';
import { operationOptions } from '../../descriptions/operationOptions';

const properties: INodeProperties[] = [
	...fileInputProperties,
	...pipelineProperties,
	operationOptions([batchModeProperty, allowPrivateUrlsOption, ...pipelineOptions]),
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await forEachLaunchedJob(this, items, accountedRequests(this.getNode(), readJobRequests(this)), async (launched) => launchRecord(launched), 8);
}
