/**
 * The e2e harness's REST execution (test/e2e/lib/rest-execute.ts): what it asks n8n to run, when it
 * takes an execution as ended (n8n 1.x saves the status before the run data) and which part of the
 * server log it returns. A scripted fake stands in for n8n's REST API; the real round trip is every
 * e2e and compat suite.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RunExecutionData } from '../e2e/lib/executions';
import { executeViaRest } from '../e2e/lib/rest-execute';

type Saved = { status: string; finished?: boolean; data: RunExecutionData };

const RAN = { resultData: { runData: { 'Get job': [] } } } as unknown as RunExecutionData;
const NOTHING_YET = { resultData: { runData: {} } } as unknown as RunExecutionData;

function fakeRest(polls: Saved[], onRun: () => void = () => {}) {
	const sent: Array<{ method: string; pathname: string; body: unknown }> = [];
	let polled = 0;
	const workflow = {
		id: 'wf1',
		versionId: 'v1',
		active: false,
		nodes: [
			{ name: 'When clicking', type: 'n8n-nodes-base.manualTrigger' },
			{ name: 'Get job', type: 'n8n-nodes-document-processing.documentProcessing' },
		],
	};
	const rest = {
		getWorkflow: async () => await Promise.resolve(workflow),
		request: async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
			sent.push({ method, pathname, body });
			onRun();
			return await Promise.resolve({ executionId: '42' } as T);
		},
		getExecution: async () => await Promise.resolve(polls[Math.min(polled++, polls.length - 1)] as Saved),
	};
	return { rest, sent, polledCount: () => polled };
}

describe('executeViaRest', () => {
	let logFile: string;
	beforeEach(() => {
		logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rest-execute-')), 'n8n.log');
		fs.writeFileSync(logFile, 'before the run\n');
	});

	it('runs the workflow from its Manual Trigger and returns the saved execution with the log of the run only', async () => {
		const { rest, sent } = fakeRest([{ status: 'success', finished: true, data: RAN }], () => fs.appendFileSync(logFile, 'during the run\n'));
		const run = await executeViaRest(rest, 'wf1', { logFile });
		expect(sent).toEqual([
			{
				method: 'POST',
				pathname: '/rest/workflows/wf1/run',
				body: { workflowData: expect.objectContaining({ id: 'wf1' }), triggerToStartFrom: { name: 'When clicking' } },
			},
		]);
		expect(run).toMatchObject({ executionId: 42, status: 'success', finished: true, source: 'database', log: 'during the run\n' });
	});

	it('waits past a finished status whose run data is not saved yet (n8n 1.x writes them in two statements)', async () => {
		const { rest, polledCount } = fakeRest([
			{ status: 'running', data: NOTHING_YET },
			{ status: 'success', finished: true, data: NOTHING_YET },
			{ status: 'success', finished: true, data: RAN },
		]);
		const run = await executeViaRest(rest, 'wf1', { logFile });
		expect(polledCount()).toBe(3);
		expect(run.data).toBe(RAN);
	});

	it('returns a failed run with its status instead of throwing', async () => {
		const failed = { resultData: { runData: {}, error: { message: 'Bad request' } } } as unknown as RunExecutionData;
		const { rest } = fakeRest([{ status: 'error', finished: false, data: failed }]);
		await expect(executeViaRest(rest, 'wf1', { logFile })).resolves.toMatchObject({ status: 'error', finished: false });
	});

	it('gives up at the time limit, saying the run data was never saved', async () => {
		const { rest } = fakeRest([{ status: 'success', finished: true, data: NOTHING_YET }]);
		await expect(executeViaRest(rest, 'wf1', { logFile, timeoutMs: 300 })).rejects.toThrow(/still success \(its run data not saved\) after 300 ms/);
	});

	it('refuses a workflow without a Manual Trigger before asking n8n to run anything', async () => {
		const { rest, sent } = fakeRest([]);
		const noTrigger = { ...rest, getWorkflow: async () => await Promise.resolve({ id: 'wf2', versionId: 'v1', active: false, nodes: [] }) };
		await expect(executeViaRest(noTrigger, 'wf2', { logFile })).rejects.toThrow('workflow wf2 has no Manual Trigger');
		expect(sent).toEqual([]);
	});
});
