import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { jobIdFrom, jobLocator } from './shared/jobId';
import { fileFailureItems } from '../../jobs/finish';
import { outputFilesToItems } from '../../outputs/outputFilesToItems';
import { completedJobOutputs } from '../../jobs/results';
import { outputProperties, outputStepsOption } from '../../descriptions/outputFields';
import { operationOptions } from '../../descriptions/operationOptions';
import { readOutputSettings } from '../common/jobSettings';

const properties: INodeProperties[] = [
	jobLocator,
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
		description: 'ID of one output file, as Get Job lists them under the job’s output files',
		displayOptions: { show: { fileSelection: ['one'] } },
	},
	...outputProperties,
	operationOptions([outputStepsOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['job'], operation: ['downloadOutput'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const node = this.getNode();
		const jobId = jobIdFrom(this, itemIndex);
		const one = this.getNodeParameter('fileSelection', itemIndex, 'all') === 'one';
		const fileId = one ? String(this.getNodeParameter('fileId', itemIndex, '')).trim() : undefined;
		if (one && !fileId) throw new NodeOperationError(node, 'File ID is empty', { itemIndex, description: 'Enter a file_id from the job’s output_node_files.' });
		const settings = readOutputSettings(this, itemIndex);
		const call = await callContextFor(this, itemIndex);
		const { files, failures } = await completedJobOutputs(call, jobId, { fileId, lastNodeOnly: settings.lastNodeOnly });
		const goodFiles = new Set(files.map((file) => file.file_id)).size;
		const failed = fileFailureItems(call.node, failures, settings.failures, { goodFiles, downloading: true }, [{ item: itemIndex }]);
		return [...(await outputFilesToItems(this, files, settings, () => ({ item: itemIndex }))), ...failed];
	});
}
