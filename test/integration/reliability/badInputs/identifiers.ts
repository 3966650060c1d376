/** Bad identifiers (workflow, job, file, channel and notification ids), list filters, and an update with nothing in it. */
import { DEFAULT_WORKFLOW_ID } from '../../../emulator';
import { type BadInput, fromJson } from './case';

const workflowFromJson = { __rl: true, mode: 'id', value: fromJson('workflow') };

export const IDENTIFIER_INPUTS: BadInput[] = [
	{
		name: 'a workflow id that is not an id (second item)',
		parameters: { resource: 'workflow', operation: 'run', workflowId: workflowFromJson, inputSource: 'none' },
		items: [{ json: { workflow: DEFAULT_WORKFLOW_ID } }, { json: { workflow: 'not-an-id' } }],
		message: /^Workflow "not-an-id" is not a workflow ID or a URL containing one$/,
		itemIndex: 1,
		// The first item is fine and runs its workflow.
		reaches: 'otherItem',
	},
	{
		name: 'a workflow URL without an id',
		parameters: { resource: 'notificationChannel', operation: 'getAll', scope: 'workflow', workflowId: workflowFromJson, channelType: 'webhook' },
		items: [{ json: { workflow: 'https://platform.docservice.example/app/workflows/' } }],
		message: /^Workflow "https:\/\/platform\.docservice\.example\/app\/workflows\/" is not a workflow ID or a URL containing one$/,
		itemIndex: 0,
	},
	{ name: 'a job id that is not a UUID', parameters: { resource: 'job', operation: 'get', jobId: '12345' }, message: /^Job ID "12345" is not a valid ID$/, itemIndex: 0 },
	{ name: 'a blank job id', parameters: { resource: 'job', operation: 'downloadOutput', jobId: '   ' }, message: /^Job ID is empty$/, itemIndex: 0 },
	{ name: 'a job id that is not a UUID (Get Details)', parameters: { resource: 'job', operation: 'getDetails', jobId: 'job 7' }, message: /^Job ID "job 7" is not a valid ID$/, itemIndex: 0 },
	{ name: 'a blank job id (Get Failed Files)', parameters: { resource: 'job', operation: 'getFailedFiles', jobId: ' \t ' }, message: /^Job ID is empty$/, itemIndex: 0 },
	{
		name: 'a blank output file id',
		parameters: { resource: 'job', operation: 'downloadOutput', jobId: DEFAULT_WORKFLOW_ID, fileSelection: 'one', fileId: '  ' },
		message: /^File ID is empty$/,
		itemIndex: 0,
	},
	{
		name: 'a channel id with a space',
		parameters: { resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId: 'abc def' },
		message: /^Channel ID "abc def" is not a valid ID$/,
		itemIndex: 0,
	},
	{ name: 'a notification id with a slash', parameters: { resource: 'notification', operation: 'get', notificationId: 'a/b' }, message: /^Notification ID "a\/b" is not a valid ID$/, itemIndex: 0 },
	{
		name: 'a job list filter whose workflow is no UUID',
		parameters: { resource: 'job', operation: 'getAll', filters: { workflowId: { __rl: true, mode: 'id', value: 'my workflow' } } },
		message: /^Workflow "my workflow" is not a workflow ID or a URL containing one$/,
		itemIndex: 0,
	},
	{
		name: 'a job list filter with an unknown status',
		parameters: { resource: 'job', operation: 'getAll', filters: { status: '={{ "RUNNING" }}' } },
		message: /^Filters → Status "RUNNING" is not a job status$/,
		itemIndex: 0,
	},
	{
		name: 'a channel update with nothing to change',
		parameters: { resource: 'notificationChannel', operation: 'update', scope: 'workspace', channelId: 'c1', updateFields: {} },
		message: /^Nothing to update$/,
		itemIndex: 0,
	},
];
