import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { signWebhook } from '../../nodes/DocumentProcessing/webhooks/webhookSignature';
import { readRegistrations } from '../../nodes/DocumentProcessing/trigger/registrations';
import { createHookHarness, executeNode, type HookHarness } from '../../test/harness';
import type { EmulatorProcess } from './emulator-process';
import { DocumentProcessing, DocumentProcessingTrigger } from './node-type';

/** The soak's two kinds of work, each checked so a run that silently did nothing fails the bench. */

const FILES = ['alpha.md', 'broken.md', 'gamma.md'];
const PROCESS_FILES = { resource: 'job', operation: 'process', options: { batchMode: 'combine', outputMode: 'files', maxPollIntervalSeconds: 1 } };

/** One Process Files execution over 3 files, the second of which the service fails (continue on fail). */
export async function processFilesOnce(emulator: EmulatorProcess, index: number): Promise<void> {
	const items = FILES.map((name) => ({ json: { name }, binary: { data: { data: `# ${name} ${index}\n\nText of ${name}.`, fileName: name, mimeType: 'text/markdown' } } }));
	const result = await executeNode({ nodeType: new DocumentProcessing(), parameters: PROCESS_FILES, items, credentials: emulator.credentials, continueOnFail: true });
	const output = result.output[0] ?? [];
	const failed = output.filter((item) => item.json.error !== undefined);
	if (output.length !== 3 || failed.length !== 1 || failed[0].json.file_name !== 'broken.md') {
		throw new Error(`Process Files run ${index} gave ${JSON.stringify(output.map((item) => item.json.file_name ?? item.json.input_file_name))}`);
	}
}

/** A trigger registered on `emulator` (Download Outputs on) and a completed job to deliver events for. */
export interface DeliveryTarget {
	hook: HookHarness;
	jobId: string;
	workflowId: string;
	secret: string;
}

export async function deliveryTarget(emulator: EmulatorProcess, jobId: string, workflowId: string): Promise<DeliveryTarget> {
	const hook = createHookHarness({
		nodeType: new DocumentProcessingTrigger(),
		parameters: { events: ['job.completed'], options: { downloadOutputs: true, outputShape: 'files' } },
		credentials: emulator.credentials,
		// Nothing listens there: the emulator's own deliveries (if any) fail; the bench delivers itself.
		webhookUrl: `http://127.0.0.1:9/webhook/${randomUUID()}/webhook`,
		mode: 'trigger',
	});
	await hook.activate();
	return { hook, jobId, workflowId, secret: readRegistrations(hook.staticData)[0].secret };
}

/** One signed delivery in the documented body; it must start a run with the job's outputs and its failed file. */
export async function deliverOnce(target: DeliveryTarget, index: number): Promise<void> {
	const body = Buffer.from(JSON.stringify({ type: 'job.completed', job: { job_id: target.jobId, workflow_id: target.workflowId }, processing_time_ms: 100 + index }));
	const id = `msg_${randomUUID().replace(/-/g, '')}`;
	const timestamp = Math.floor(Date.now() / 1000);
	const result = await target.hook.runWebhook({
		method: 'POST',
		rawBody: body,
		headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(target.secret, id, timestamp, body) },
	});
	const items = (result.response.workflowData?.[0] ?? []).map((item) => item.json as IDataObject);
	if (!result.workflowStarted || items.length !== 3 || items.filter((item) => item.file_name === 'broken.md').length !== 1) {
		throw new Error(`delivery ${index} gave ${JSON.stringify(items).slice(0, 300)}`);
	}
}

/** Handles of this process by kind (sockets, timers, …), as Node reports them. */
export function activeResources(): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
	return counts;
}

/** Runs `count` tasks with at most `concurrency` at once. */
export async function inParallel(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count) await task(next++);
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
