import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { listJobs } from '../api/jobs';
import { localPage, matchesSearch } from './searchResults';

/** The account's jobs as the service lists them (newest first, not paged), named so a user can tell them apart. */
export async function searchJobs(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const jobs = await listJobs(await serviceCallContext(this));
	const results = jobs
		.filter((job) => matchesSearch(filter, job.id, job.workflow_name, job.status))
		.map((job) => ({
			name: `${job.workflow_name || 'Job'} · ${job.status}${job.created_at ? ` · ${job.created_at}` : ''}`,
			value: job.id,
		}));
	return localPage(results, paginationToken);
}
