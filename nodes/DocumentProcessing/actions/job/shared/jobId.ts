import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { idLocator, locatorText, plainInV1LocatorFromV2 } from '../../../descriptions/resourceLocators';
import { requireUuid } from '../../../checks/validate';

/** Version 1's plain text field (kept so saved v1 workflows stay valid). */
export const jobIdProperty: INodeProperties = {
	displayName: 'Job ID',
	name: 'jobId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10',
	description: 'ID of the job (a UUID such as 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10), as returned by Create Job or Run Workflow',
};

export const jobLocator = idLocator({
	displayName: 'Job',
	name: 'jobId',
	description: 'The job: pick it from the account’s jobs (newest first), or give its ID as returned by Create Job or Run Workflow',
	searchListMethod: 'searchJobs',
	noun: 'job',
	idPlaceholder: 'e.g. 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10',
	uuid: true,
	urlPlaceholder: 'e.g. https://platform.docservice.example/app/jobs/2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10',
});

/** The job field of every operation that works on one job: text in v1, a locator from v2 on. */
export function jobIdProperties(description?: string): INodeProperties[] {
	return description === undefined
		? plainInV1LocatorFromV2(jobIdProperty, jobLocator)
		: plainInV1LocatorFromV2({ ...jobIdProperty, description }, { ...jobLocator, description });
}

/** The Job ID of an item (a v1 string or a v2 locator), checked locally to be a UUID. */
export function jobIdFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('jobId', itemIndex, '', { extractValue: true });
	return requireUuid(executingNode(ctx), 'Job ID', locatorText(raw), itemIndex);
}
