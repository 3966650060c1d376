import type { IExecuteFunctions } from 'n8n-workflow';
import { executingNode } from '../../../api/context';
import { idLocator, locatorText } from '../../../descriptions/resourceLocators';
import { requireUuid } from '../../../checks/validate';

/** The job field of every operation that works on one job. */
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

/** The Job ID of an item, checked locally to be a UUID. */
export function jobIdFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('jobId', itemIndex, '', { extractValue: true });
	return requireUuid(executingNode(ctx), 'Job ID', locatorText(raw), itemIndex);
}
