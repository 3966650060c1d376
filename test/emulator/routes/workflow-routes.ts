import { drainBody } from '../http/body';
import { HttpError, notFound, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import type { InputFile } from '../jobs/job-types';
import { jobResponse } from '../jobs/job-view';
import { inputFilesOf, newJob, readJobUpload } from './job-routes';
import { registerWorkflowManageRoutes } from './workflow-manage-routes';

/** Workflow runs: no launch-spacing rule and no running-jobs cap (both are stated for on-demand jobs only). */
async function runWorkflow(ctx: RouteContext): Promise<Reply> {
	const id = ctx.params.workflow_id ?? '';
	const isMultipart = (ctx.req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
	let files: InputFile[] = [];
	if (isMultipart) files = inputFilesOf(await readJobUpload(ctx));
	else await drainBody(ctx.req);
	const workflow = ctx.core.store.workflows.get(id);
	if (!workflow) throw notFound('workflow', id);
	if (workflow.job_nodes.length === 0) throw new HttpError(422, `workflow ${id} has no nodes`);
	const job = newJob(ctx, { kind: 'workflow_run', workflow_id: workflow.id, workflow_name: workflow.name, job_type: 'persistent' }, workflow.job_nodes, files);
	ctx.core.scheduler.submit(job);
	return ok(jobResponse(job), 202);
}

export function registerWorkflowRoutes(router: Router): void {
	router.add('POST', '/api/v1/workflows/:workflow_id/run', runWorkflow);
	registerWorkflowManageRoutes(router);
}
