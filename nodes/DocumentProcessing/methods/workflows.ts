import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { serviceCallContext } from '../api/context';
import { listWorkflows } from '../api/workflows';
import { matchesSearch } from './searchResults';

/** The service pages workflows by number and size; the editor's token is the next page number. */
export const WORKFLOW_PICKER_PAGE_SIZE = 50;

/**
 * Workflows by name, newest first. The search is matched here, on each page, by name or id: the
 * service's `name` filter is not documented as a partial match, so it is not relied on.
 */
export async function searchWorkflows(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = Math.max(1, Number(paginationToken ?? 1) || 1);
	const call = await serviceCallContext(this);
	const workflows = await listWorkflows(call, { page, page_size: WORKFLOW_PICKER_PAGE_SIZE, sort_by: 'created_at', sort_direction: 'desc' });
	return {
		results: workflows
			.filter((workflow) => matchesSearch(filter, workflow.name, workflow.id))
			.map((workflow) => ({ name: workflow.name || workflow.id, value: workflow.id })),
		// A bare array carries no total: a full page means there may be another one.
		paginationToken: workflows.length >= WORKFLOW_PICKER_PAGE_SIZE ? String(page + 1) : undefined,
	};
}
