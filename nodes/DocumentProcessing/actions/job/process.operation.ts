import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { fileInputProperties } from '../common/fileInput';
import { waitAndDownload } from '../../jobs/finish';
import { forEachLaunchedJob } from '../../jobs/launch';
import { batchModeProperty, readJobRequests } from './shared/launchFields';
import { outputProperties, readOutputSettings } from './shared/outputFields';
import { pipelineProperties } from './shared/pipelineFields';
import { readWaitSettings, waitOptionsProperty } from './shared/waitFields';

const properties: INodeProperties[] = [
	...fileInputProperties,
	batchModeProperty,
	...pipelineProperties,
	...outputProperties,
	waitOptionsProperty,
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['process'] } }, properties);

/** Jobs mostly wait, so all of an execution's jobs are in flight at once; the pacer spaces their launches. */
const JOBS_IN_FLIGHT = 100;

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await forEachLaunchedJob(
		this,
		items,
		readJobRequests(this),
		async (launched, call) => {
			const itemIndex = launched.itemIndices[0];
			return await waitAndDownload(this, call, launched, readWaitSettings(this, itemIndex), readOutputSettings(this, itemIndex));
		},
		JOBS_IN_FLIGHT,
	);
}
