/** The e2e workflow files together use every operation the action node offers (see ../operation-coverage.ts). */
import { loadedWorkflowFiles, offeredOperations, usedOperations } from '../operation-coverage';
import { ACTION, type FlowsContext, WORKFLOW_FILES } from './flow-context';

export function operationCoverageTest(flows: FlowsContext): void {
	const { suite } = flows;
	it('the e2e workflows together use every operation of the action node', async () => {
		const { e2e } = suite;
		const action = (await e2e.rest.nodeTypes()).find((t) => t.name === ACTION);
		if (!action) throw new Error(`${ACTION} is not loaded`);
		const offered = offeredOperations(action);
		// What DESIGN.md lists, so a lost operation cannot make the check pass vacuously.
		expect(offered).toEqual(
			expect.arrayContaining([
				'job:cancel',
				'job:create',
				'job:get',
				'job:getAll',
				'job:waitForCompletion',
				'job:downloadOutput',
				'job:process',
				'job:getDetails',
				'job:getFailedFiles',
				'document:partition',
				'workflow:run',
				'secret:register',
				'source:create',
				'notificationChannel:create',
				'notificationChannel:verify',
				'notificationChannel:getAll',
				'notificationChannel:get',
				'notificationChannel:update',
				'notificationChannel:delete',
				'notification:get',
				'notification:getAll',
				'notification:markRead',
				'notification:getUnreadCount',
				...['create', 'get', 'getAll', 'update', 'delete', 'checkConnection'].flatMap((operation) => [`source:${operation}`, `destination:${operation}`]),
			]),
		);
		const files = loadedWorkflowFiles();
		expect(files).toEqual(expect.arrayContaining([...WORKFLOW_FILES]));
		const used = usedOperations(action, files);
		expect(offered.filter((operation) => !used.has(operation))).toEqual([]);
	});
}
