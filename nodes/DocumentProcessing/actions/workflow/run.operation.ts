import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { runWorkflow } from '../../api/jobs';
import { itemFiles } from '../../helpers/binaries';
import { runPerItem } from '../../helpers/items';
import { binaryInputProperties, binarySelection } from '../../descriptions/binaryInput';
import { workflowIdFrom, workflowLocator } from '../../helpers/workflowLocator';
import { waitAndDownload } from '../../jobs/finish';
import { launchRecord } from '../../jobs/launch';
import { outputProperties, readOutputSettings } from '../job/shared/outputFields';
import { readWaitSettings, waitOptionsProperty } from '../job/shared/waitFields';

const afterRun = { show: { afterRun: ['download'] } };

const properties: INodeProperties[] = [
	workflowLocator(),
	{
		displayName: 'Send Files',
		name: 'sendFiles',
		type: 'boolean',
		default: true,
		description: 'Whether to upload the item’s files as the run’s input files',
	},
	...updateDisplayOptions({ show: { sendFiles: [true] } }, binaryInputProperties),
	{
		displayName: 'After Starting',
		name: 'afterRun',
		type: 'options',
		options: [
			{ name: 'Return the Job', value: 'return', description: 'Output the SCHEDULED job record at once' },
			{ name: 'Wait and Download Outputs', value: 'download', description: 'Wait for the job, then output its results' },
		],
		default: 'return',
	},
	...updateDisplayOptions(afterRun, [...outputProperties, waitOptionsProperty]),
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['run'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		items,
		async (itemIndex) => {
			const workflowId = workflowIdFrom(this, itemIndex);
			const sendFiles = this.getNodeParameter('sendFiles', itemIndex, true) as boolean;
			const files = sendFiles ? await itemFiles(this, itemIndex, binarySelection(this, itemIndex)) : [];
			const call = await callContextFor(this, itemIndex);
			const launched = { job: await runWorkflow(call, workflowId, files), files, itemIndices: [itemIndex] };
			if (this.getNodeParameter('afterRun', itemIndex, 'return') === 'return') return launchRecord(launched) as IDataObject;
			return await waitAndDownload(this, call, launched, readWaitSettings(this, itemIndex), readOutputSettings(this, itemIndex));
		},
		100,
	);
}
