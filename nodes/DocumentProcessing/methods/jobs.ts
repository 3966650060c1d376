import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { listJobs } from '../api/jobs';
import { entryName, readableUtc, statusWords } from './entryText';
import { localPage, matchesSearch } from './searchResults';

/**
 * The account's jobs as the service lists them (newest first, not paged), named so a user can tell
 * them apart: workflow name, status in words, start time, e.g. "Invoices · Completed · 26 Nov 2026, 14:03 UTC".
 */
export async function searchJobs(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const jobs = await listJobs(await serviceCallContext(this));
	const results = jobs
		.map((job) => ({ job, status: statusWords(job.status) }))
		.filter(({ job, status }) => matchesSearch(filter, job.id, job.workflow_name, job.status, status))
		.map(({ job, status }) => ({
			name: entryName(job.workflow_name || `Job ${job.id.slice(0, 8)}`, status, readableUtc(job.created_at)),
			value: job.id,
		}));
	return localPage(results, paginationToken);
}
