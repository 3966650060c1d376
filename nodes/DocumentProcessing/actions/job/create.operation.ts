import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { allowPrivateUrlsOption, fileInputProperties } from '../common/fileInput';
import { accountedRequests, forEachLaunchedJob, launchRecord } from '../../jobs/launch';
import { batchModeProperty, readJobRequests } from './shared/launchFields';
import { pipelineProperties } from '../../descriptions/pipelineFields';
import { pipelineOptionsV3 } from '../../descriptions/pipelineFieldsV3';
import { beforeV3, optionsV3 } from '../../descriptions/versions';

const properties: INodeProperties[] = [
	...fileInputProperties,
	...beforeV3([batchModeProperty]),
	...pipelineProperties,
	optionsV3([batchModeProperty, allowPrivateUrlsOption, ...pipelineOptionsV3]),
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await forEachLaunchedJob(this, items, accountedRequests(this.getNode(), readJobRequests(this)), async (launched) => launchRecord(launched), 8);
}
