import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { getJob } from '../../api/jobs';
import { downloadJobOutputs } from '../../api/jobOutputs';
import { JOB_SUCCESS } from '../../api/schemas';
import { runPerItem } from '../../helpers/items';
import { requireUuid } from '../../helpers/validate';
import { jobIdProperty } from './shared/jobId';
import { outputFilesToItems, outputProperties, readOutputSettings } from './shared/outputFields';

const properties: INodeProperties[] = [
	jobIdProperty,
	{
		displayName: 'Files',
		name: 'fileSelection',
		type: 'options',
		options: [
			{ name: 'All Output Files', value: 'all' },
			{ name: 'One Output File', value: 'one' },
		],
		default: 'all',
	},
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of one output file: a file_id from the job’s output_node_files (see Get Job)',
		displayOptions: { show: { fileSelection: ['one'] } },
	},
	...outputProperties,
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['downloadOutput'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const node = this.getNode();
		const jobId = requireUuid(node, 'Job ID', this.getNodeParameter('jobId', itemIndex), itemIndex);
		const one = this.getNodeParameter('fileSelection', itemIndex, 'all') === 'one';
		const fileId = one ? String(this.getNodeParameter('fileId', itemIndex, '')).trim() : undefined;
		if (one && !fileId) throw new NodeOperationError(node, 'File ID is empty', { itemIndex, description: 'Enter a file_id from the job’s output_node_files.' });
		const settings = readOutputSettings(this, itemIndex);
		const call = await callContextFor(this, itemIndex);
		const job = await getJob(call, jobId);
		if (job.status !== JOB_SUCCESS) {
			throw new NodeOperationError(node, `Job "${jobId}" has no outputs to download yet (status: ${job.status})`, {
				itemIndex,
				description: 'Outputs exist once the job is COMPLETED: put a Wait for Job step before this one.',
			});
		}
		const files = await downloadJobOutputs(call, job, { fileId, lastNodeOnly: settings.lastNodeOnly });
		if (one && files.length === 0) {
			throw new NodeOperationError(node, `Job "${jobId}" has no output file "${fileId}"`, {
				itemIndex,
				description: `Its output files are: ${(job.output_node_files ?? []).map((file) => file.file_id).join(', ') || 'none'}.`,
			});
		}
		return await outputFilesToItems(this, files, settings, () => ({ item: itemIndex }));
	});
}
