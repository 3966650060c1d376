/** Bad input of the Workflow management and Template operations, and of the v2 locators (issue 24). */
import type { BadInput } from './case';

const workflowCreate = { resource: 'workflow', operation: 'create' };

export const PLATFORM_INPUTS: BadInput[] = [
	{ name: 'a workflow without a name', parameters: { ...workflowCreate, name: '  ' }, message: /^Name is empty$/, itemIndex: 0 },
	{
		name: 'a schedule for a workflow without a source',
		parameters: { ...workflowCreate, name: 'Nightly', options: { schedule: 'daily' } },
		message: /^Schedule "daily" needs a source connector$/,
		itemIndex: 0,
	},
	{
		name: 'a source connector id with a slash',
		parameters: { ...workflowCreate, name: 'W', sourceId: { __rl: true, mode: 'id', value: 'a/b' } },
		message: /^Source Connector "a\/b" is not a valid ID$/,
		itemIndex: 0,
	},
	{
		name: 'a workflow update with nothing to change',
		parameters: { resource: 'workflow', operation: 'update', workflowId: { __rl: true, mode: 'id', value: '5b2f6c1e-9a7d-4c3b-8e21-0f4d6a8b9c10' } },
		message: /^Nothing to update$/,
		itemIndex: 0,
	},
	{
		name: 'a workflow list filter whose date is no date',
		parameters: { resource: 'workflow', operation: 'getAll', filters: { createdSince: '={{ "last tuesday" }}' } },
		message: /^Filters → Created Since "last tuesday" is not a date$/,
		itemIndex: 0,
	},
	{
		name: 'a template id with a space',
		parameters: { resource: 'template', operation: 'get', templateId: { __rl: true, mode: 'id', value: 'my template' } },
		message: /^Template "my template" is not a valid ID$/,
		itemIndex: 0,
	},
	{
		name: 'a job picked from the list whose value is no UUID (v2 locator)',
		parameters: { resource: 'job', operation: 'get', jobId: { __rl: true, mode: 'list', value: '={{ "job-7" }}' } },
		message: /^Job ID "job-7" is not a valid ID$/,
		itemIndex: 0,
	},
];
