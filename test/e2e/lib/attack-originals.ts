/**
 * Issue 49 rows 5 and 6 against a served n8n: the vector-store example (examples/
 * document-vector-store.json) takes an upload on its form, and the service's partition answer is
 * hostile (the emulator's fault `body`): 64 chunks whose original elements are each 4 KB that
 * inflate to 4 MiB (row 5), or one chunk of 135,300 original elements (row 6). n8n's resident
 * memory is watched from outside and its health check probed back to back. Used by
 * test/e2e/attack-originals.e2e.test.ts and bench/attack-originals.ts.
 */
import { randomUUID } from 'node:crypto';
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import type { RunningEmulator } from '../../emulator';
import { bombChunks, crowdedChunk, type Encoding } from '../../integration/loader/hostileOriginals';
import { exampleNode, formUrl, readExample, type ExampleWorkflow } from '../examples/example-import';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from './executions';
import { submitFileForm, watchHealth, watchMemory, type HealthWatch } from './served-attack';
import type { E2eN8n } from './setup';

const MIB = 2 ** 20;

export type OriginalsRow = 5 | 6;

export type { Encoding };

export const ORIGINALS_ATTACKS: Record<OriginalsRow, { label: string; answer: (encoding: Encoding) => unknown[] }> = {
	5: { label: '64 chunks whose orig_elements are 4 KB each, inflating to 4 MiB each', answer: (encoding) => bombChunks(encoding) },
	6: { label: 'one chunk of 135,300 original elements, each with a page number', answer: (encoding) => crowdedChunk(encoding) },
};

export interface AttackTarget {
	n8n: E2eN8n;
	emulator: RunningEmulator;
	/** Base URL of an OpenAI-compatible embeddings server (the scripted model). */
	embeddingsUrl: string;
}

export interface AttackFigures {
	rssGrowthMiB: number;
	longestHealthzWaitMs: number;
	/** The most n8n's main thread ran within one /healthz wait (served-attack.ts): the bound is on this. */
	longestLoopHeldMs: number;
	/** e.g. "success: 64 passages stored, 48 say why their originals were not read", or why not. */
	outcome: string;
}

export interface AttackResult extends AttackFigures {
	status: string;
	/** What the store received (empty when the execution did not get there). */
	stored: Array<{ pageContent: string; metadata: Record<string, unknown> }>;
}

/** The example with its credentials pointed at this attack's own, and a store key of its own (the example's is shared by every run of it in this n8n). */
function attackedExample(credentials: Record<string, { id: string; name: string }>): ExampleWorkflow {
	const workflow = readExample('document-vector-store.json');
	workflow.name = `${workflow.name} (attack ${randomUUID().slice(0, 8)})`;
	for (const node of workflow.nodes) {
		for (const type of Object.keys(node.credentials ?? {})) if (credentials[type]) (node.credentials as Record<string, unknown>)[type] = credentials[type];
	}
	(exampleNode(workflow, 'Insert into the Store').parameters.memoryKey as { value: string }).value = `attack-originals-${randomUUID()}`;
	return workflow;
}

function outcomeOf(status: string, stored: AttackResult['stored'], seen: string[]): string {
	if (status !== 'success') return `${status}: ${seen.slice(-2).join(' / ')}`;
	const skipped = stored.filter((doc) => doc.metadata.orig_elements_skipped !== undefined).length;
	return `success: ${stored.length} passage(s) stored, ${skipped} saying why their originals were not read`;
}

/** `encoding`: the originals as the service compresses them (zlib), or gzipped (what the loader read before it read zlib). */
export async function attackOriginals(target: AttackTarget, row: OriginalsRow, encoding: Encoding = 'zlib'): Promise<AttackResult> {
	const { n8n, emulator } = target;
	const suffix = randomUUID().slice(0, 8);
	const documentProcessingApi = await n8n.importCredential({
		name: `Attack originals ${suffix} (emulator)`,
		type: 'documentProcessingApi',
		data: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl, allowHttpWebhooksOnLoopback: true },
	});
	const openAiApi = await n8n.importCredential({ name: `Attack originals ${suffix} (embeddings)`, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: target.embeddingsUrl } });
	const saved = await n8n.rest.request<ExampleWorkflow & { id: string }>('POST', '/rest/workflows', attackedExample({ documentProcessingApi, openAiApi }));
	await n8n.publish(saved.id);
	try {
		const fault = { method: 'POST', path: '/general/v0/general', body: ORIGINALS_ATTACKS[row].answer(encoding) };
		const injected = await fetch(`${emulator.url}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
		if (!injected.ok) throw new Error(`the emulator refused the fault: ${injected.status}`);
		const pdf = Buffer.from(await makePdf([{ title: 'Any document', lines: ['Its answer is replaced.'] }]));
		const before = await maxExecutionId(n8n.userFolder);
		const memory = watchMemory(n8n.n8n.pid);
		const health = watchHealth(n8n.n8n);
		let seen: string[];
		let growth: number;
		let watched: HealthWatch;
		try {
			seen = await submitFileForm(formUrl(n8n.n8n.url, saved, 'Add a Document'), { name: 'hostile.pdf', bytes: pdf });
		} finally {
			watched = await health.stop();
			growth = memory.stop();
		}
		const figures = { rssGrowthMiB: Math.round(growth / MIB), longestHealthzWaitMs: watched.longestWaitMs, longestLoopHeldMs: watched.longestHeldMs };
		const alive = await fetch(`${n8n.n8n.url}/healthz`).then((answer) => answer.ok).catch(() => false);
		if (!alive) return { ...figures, status: 'n8n died', stored: [], outcome: `n8n died: ${seen.slice(-2).join(' / ')}` };
		const [execution] = await waitForExecutions(n8n.userFolder, { workflowId: saved.id, afterId: before, timeoutMs: 120_000 });
		const stored = execution.status === 'success' ? (nodeOutputJson(execution.data, 'Insert into the Store') as unknown as AttackResult['stored']) : [];
		return { ...figures, status: execution.status, stored, outcome: outcomeOf(execution.status, stored, seen) };
	} finally {
		await n8n.unpublish(saved.id).catch(() => undefined);
	}
}
