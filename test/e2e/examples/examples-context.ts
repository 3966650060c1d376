/**
 * What every example test shares: the suite's emulator and the run's n8n (useE2eSuite), the
 * scripted OpenAI-compatible model, the credentials the examples name (created the way a user
 * creates them, pointing at loopback), and a headless Chromium for the forms.
 */
import { openEditorBrowser, type EditorBrowser } from '../../editor/browser';
import { startScriptedModel, type ModelScript, type ScriptedModel } from '../lib/scripted-model';
import { sleep } from '../lib/proc';
import { readExecution, savedCompletely, type SavedExecution } from '../lib/executions';
import type { E2eSuite } from '../lib/suite';
import { EXAMPLE_CREDENTIALS } from './example-import';

export interface ExamplesContext {
	readonly suite: E2eSuite;
	readonly model: ScriptedModel;
	readonly browser: EditorBrowser;
	/** What the scripted model answers next; each test that needs the model sets its own. */
	script: ModelScript;
}

/**
 * Jobs in the emulator end quickly; files whose name contains "unreadable" fail inside their job.
 * A paused example's job can end while n8n is still saving the execution as waiting: n8n refuses
 * those deliveries and the service's retries bring the event again (docs/batches-and-long-jobs.md). The
 * emulator's default retries (0.2 and 0.4 s apart) all fell inside that save once, on a loaded CI
 * run; 2 and 4 s apart, like a service's, they reach the parked execution.
 */
export const EXAMPLES_EMULATOR = {
	job_duration_ms: 300,
	schedule_delay_ms: 50,
	failing_file_pattern: 'unreadable',
	webhook_retry_backoff_ms: 2000,
};

export function useExamplesContext(suite: E2eSuite): () => ExamplesContext {
	let context: ExamplesContext | undefined;
	beforeAll(async () => {
		const holder: { script: ModelScript } = { script: () => ({ content: 'no script set for this test' }) };
		const model = await startScriptedModel((request) => holder.script(request));
		await suite.importEmulatorCredential(EXAMPLE_CREDENTIALS.documentProcessing);
		// n8n's OpenAI credential takes a Base URL: the one change that points the examples' models at loopback.
		await suite.e2e.importCredential({ name: EXAMPLE_CREDENTIALS.openAi, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.baseUrl } });
		const browser = await openEditorBrowser(suite.e2e.rest);
		context = Object.assign(holder, { suite, model, browser });
	}, 5 * 60_000);
	afterAll(async () => {
		await context?.browser.close();
		await context?.model.close();
	});
	return () => {
		if (!context) throw new Error('setup failed (the examples context was not started)');
		return context;
	};
}

/** Starts a workflow from one of its triggers the way the editor's *Execute workflow* does; returns the execution id. */
export async function runFromTrigger(suite: E2eSuite, workflowId: string, trigger: string, json?: Record<string, unknown>): Promise<string> {
	const data = json && { startTime: Date.now(), executionTime: 0, executionIndex: 0, source: [], data: { main: [[{ json }]] } };
	const started = await suite.e2e.rest.request<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/rest/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: trigger, ...(data ? { data } : {}) },
	});
	if (!started.executionId) throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(started)}`);
	return started.executionId;
}

/** The execution once it has finished (a paused one is waited for until it resumes and ends). */
export async function finishedExecution(suite: E2eSuite, executionId: string, timeoutMs = 120_000): Promise<SavedExecution> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await readExecution(suite.e2e.userFolder, executionId);
		if (execution && !['new', 'running', 'waiting'].includes(execution.status) && savedCompletely(execution)) return execution;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} still ${execution?.status ?? 'unsaved'} after ${timeoutMs} ms`);
		await sleep(300);
	}
}
