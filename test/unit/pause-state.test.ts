/**
 * Pause mode's sealed state (jobs/pause/state.ts) and its use of n8n's execution-stack entry
 * (jobs/pause/stackEntry.ts), checked without n8n; the real-n8n behaviour is in test/e2e/pause/.
 */
import type { IExecuteData, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { armTimeLimit, deliverOnResume, failOnResume, resumedOutput } from '../../nodes/DocumentProcessing/jobs/pause/stackEntry';
import { openState, type PauseState, sealState } from '../../nodes/DocumentProcessing/jobs/pause/state';
import { generateSigningSecret } from '../../nodes/DocumentProcessing/webhooks/webhookSignature';

const node = { id: 'n1', name: 'Process Files', type: 'documentProcessing', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

const state = (): PauseState => ({
	v: 1,
	secret: generateSigningSecret(),
	ref: '0123456789abcdef',
	deadline: Date.now() + 60_000,
	continueOnFail: false,
	jobs: [{ id: 'job-1', items: [0], fileIds: ['f-1'], files: [{ n: 'a.md', i: 0, p: 'data', m: 'text/markdown', s: 12 }], failOnJobFailure: true, output: { mode: 'elements', lastNodeOnly: true, binaryProperty: 'data', failures: 'error' } }],
	carried: [{ json: { error: 'refused' }, pairedItem: { item: 1 } }],
});

describe('pause state', () => {
	it('opens for the same API key and execution, and for nothing else', () => {
		const original = state();
		const sealed = sealState(original, 'key-a', '41');
		expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(openState(sealed, 'key-a', '41')).toEqual(original);
		expect(openState(sealed, 'key-b', '41')).toBeUndefined();
		expect(openState(sealed, 'key-a', '42')).toBeUndefined();
		const bytes = Buffer.from(sealed, 'base64url');
		bytes[bytes.length - 1] ^= 1;
		expect(openState(bytes.toString('base64url'), 'key-a', '41')).toBeUndefined();
		expect(openState('', 'key-a', '41')).toBeUndefined();
	});

	it('never shows the secret in the sealed text, and seals the same state differently each time', () => {
		const original = state();
		const one = sealState(original, 'key-a', '41');
		expect(one).not.toContain(original.secret.slice(6, 20));
		expect(sealState(original, 'key-a', '41')).not.toBe(one);
	});

	it('generates a signing secret the service accepts (24–75 ASCII characters, 32 random bytes)', () => {
		const secret = generateSigningSecret();
		expect(secret.length).toBeGreaterThanOrEqual(24);
		expect(secret.length).toBeLessThanOrEqual(75);
		expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
	});
});

describe("pause mode on n8n's stack entry", () => {
	const input: INodeExecutionData[] = [{ json: { a: 1 } }, { json: { a: 2 } }];
	const entryOf = (): IExecuteData => ({ node: { ...node }, data: { main: [input] }, source: null });
	const execute = (entry: IExecuteData, items = input) =>
		({ getExecuteData: () => entry, getInputData: () => items, getNode: () => node }) as unknown as IExecuteFunctions;
	const webhook = (entry: IExecuteData) => ({ executeData: entry }) as unknown as IWebhookFunctions;
	const timeout = new NodeOperationError(node, 'Job "j" did not finish within 1 minutes (last status: IN_PROGRESS)', { description: 'Raise Options › Timeout' });
	const timeoutItems = [{ json: { error: timeout.message }, pairedItem: { item: 0 } }];

	it('at the time limit: the time-out items replace the input, and without continue on fail the error fails the node', () => {
		const entry = entryOf();
		armTimeLimit(execute(entry), timeoutItems, timeout, false);
		expect(entry.data.main).toEqual([timeoutItems]);
		const saved = (entry.metadata as { resumeError?: Record<string, unknown> }).resumeError;
		expect(saved).toMatchObject({ name: 'NodeOperationError', message: timeout.message, description: 'Raise Options › Timeout' });
		const tolerant = entryOf();
		armTimeLimit(execute(tolerant), timeoutItems, timeout, true);
		expect(tolerant.metadata).toBeUndefined();
	});

	it('on the event: drops the time-out error, lets the node run again and gives the outputs back with their pairing', () => {
		const entry = entryOf();
		armTimeLimit(execute(entry), timeoutItems, timeout, false);
		entry.node.disabled = true; // what n8n's waiting-webhooks does before calling webhook()
		const outputs = [{ json: { text: 'x' }, pairedItem: { item: 1 } }, { json: { text: 'y' }, pairedItem: [{ item: 0 }, { item: 1 }] }];
		deliverOnResume(webhook(entry), outputs);
		expect(entry.node.disabled).toBe(false);
		expect((entry.metadata as { resumeError?: unknown }).resumeError).toBeUndefined();
		// n8n re-pairs the node's input by position before the run; the node restores the pairing once.
		const repaired = outputs.map((item, index) => ({ ...item, pairedItem: { item: index } }));
		expect(resumedOutput(execute(entry, repaired))).toEqual(outputs);
		expect(resumedOutput(execute(entry, repaired))).toBeUndefined();
	});

	it('a failed resume fails the node’s next run with that error; contexts without a stack entry are left alone', () => {
		const entry = entryOf();
		armTimeLimit(execute(entry), timeoutItems, timeout, false);
		const failed = new NodeOperationError(node, 'Job "j" ended with status FAILED', { itemIndex: 1, description: 'Check its files' });
		expect(failOnResume(webhook(entry), failed)).toBe(true);
		expect((entry.metadata as { resumeError?: unknown }).resumeError).toBeUndefined();
		expect(entry.node.disabled).toBe(false);
		expect(() => resumedOutput(execute(entry))).toThrow(expect.objectContaining({ message: failed.message, description: 'Check its files', context: expect.objectContaining({ itemIndex: 1 }) }));
		expect(failOnResume({} as IWebhookFunctions, timeout)).toBe(false);
		expect(resumedOutput({ getInputData: () => input } as unknown as IExecuteFunctions)).toBeUndefined();
	});
});
