import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { runWorkflow } from '../../api/jobs';
import { itemFiles } from '../../helpers/binaries';
import { runPerItem } from '../../helpers/items';
import { binarySelection, inputChoice, uploadBinaryField } from '../../descriptions/binaryInput';
import { operationOptions } from '../../descriptions/operationOptions';
import { workflowIdFrom, workflowLocator } from '../../descriptions/workflowLocator';
import { waitAndDownload } from '../../jobs/finish';
import { launchRecord } from '../../jobs/launch';
import { accountedFiles, accountedLaunch } from '../../failedFiles/notLaunched';
import { outputProperties, outputStepsOption } from '../../descriptions/outputFields';
import { pauseUntilJobsEnd, type PendingJob } from '../../jobs/pause/park';
import { assertPauseSupported } from '../../jobs/pause/stackEntry';
import { inItemOrder } from '../../jobs/pause/order';
import { waitOptions } from '../../descriptions/waitFields';
import { readOutputSettings, readWaitMode, readWaitSettings } from '../common/jobSettings';

const afterRun = { show: { afterRun: ['download'] } };

const properties: INodeProperties[] = [
	workflowLocator(),
	inputChoice([{ name: 'No Files', value: 'none', description: 'The workflow reads its source connector' }]),
	uploadBinaryField,
	{
		displayName: 'After Starting',
		name: 'afterRun',
		type: 'options',
		options: [
			{ name: 'Return the Job', value: 'return', description: 'Output the scheduled job at once' },
			{ name: 'Wait and Download Outputs', value: 'download', description: 'Wait for the job, then output its results' },
		],
		default: 'return',
	},
	...updateDisplayOptions(afterRun, [...outputProperties, operationOptions([outputStepsOption, ...waitOptions])]),
];

export const description = updateDisplayOptions({ show: { resource: ['workflow'], operation: ['run'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const pending: PendingJob[] = [];
	const pauses = this.getNodeParameter('afterRun', 0, 'return') === 'download' && readWaitMode(this) === 'pause';
	// Before any run is started: a pause this n8n cannot make must not leave runs behind.
	if (pauses) assertPauseSupported(this);
	const output = await runPerItem(
		this,
		items,
		async (itemIndex) => {
			const workflowId = workflowIdFrom(this, itemIndex);
			const sendFiles = this.getNodeParameter('inputSource', itemIndex, 'binary') !== 'none';
			const files = sendFiles ? await accountedFiles(this.getNode(), itemIndex, async () => await itemFiles(this, itemIndex, binarySelection(this, itemIndex))) : [];
			const call = await callContextFor(this, itemIndex);
			const job = await accountedLaunch(call, files, async () => await runWorkflow(call, workflowId, files));
			const launched = { job, files, itemIndices: [itemIndex] };
			if (this.getNodeParameter('afterRun', itemIndex, 'return') === 'return') return launchRecord(launched) as IDataObject;
			const wait = readWaitSettings(this, itemIndex);
			if (pauses) {
				// The channel is scoped to the workflow the run was started for.
				const job = { ...launched.job, workflow_id: launched.job.workflow_id ?? workflowId };
				pending.push({ launched: { ...launched, job }, call, wait, output: readOutputSettings(this, itemIndex) });
				return [];
			}
			return await waitAndDownload(this, call, launched, wait, readOutputSettings(this, itemIndex));
		},
		100,
	);
	if (!pauses) return output;
	return await pauseUntilJobsEnd(this, inItemOrder(pending), { carried: output, workflowId: commonWorkflow(pending) });
}

/** The narrowest channel: one workflow's, when every run is of the same workflow (the usual case). */
function commonWorkflow(pending: PendingJob[]): string | undefined {
	const ids = new Set(pending.map(({ launched }) => launched.job.workflow_id ?? undefined));
	const [only] = [...ids];
	return ids.size === 1 ? only : undefined;
}
