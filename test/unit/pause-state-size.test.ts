/**
 * A pause's state for the largest batch the node accepts (issue 44 finding 1): 1,000 files in 100
 * jobs of 10 no longer fit an address, so the state is stored sealed on the execution's stack
 * entry and the channel URL carries a short sealed pointer to it (jobs/pause/state.ts). Either
 * half opens only with the other, for this API key and execution; any change is detected.
 */
import type { IExecuteData, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';
import { storedState, storeState } from '../../nodes/DocumentProcessing/jobs/pause/stackEntry';
import { MAX_SEALED_LENGTH, openUrlState, type PauseState, stateForUrl } from '../../nodes/DocumentProcessing/jobs/pause/state';
import { generateSigningSecret } from '../../nodes/DocumentProcessing/webhooks/webhookSignature';

const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function stateOf(files: number, ref = '0123456789abcdef'): PauseState {
	const jobs = Math.ceil(files / 10);
	return {
		v: 1,
		secret: generateSigningSecret(),
		ref,
		workflowId: uuid(0),
		tw: uuid(0),
		deadline: Date.now() + 7_200_000,
		continueOnFail: true,
		jobs: Array.from({ length: jobs }, (_, job) => {
			const indices = Array.from({ length: Math.min(10, files - job * 10) }, (_, k) => job * 10 + k);
			return {
				id: uuid(100_000 + job),
				items: indices,
				fileIds: indices.map((index) => uuid(200_000 + index)),
				files: indices.map((index) => ({ n: `scan-${String(index).padStart(4, '0')}-invoice.pdf`, i: index, p: 'data', m: 'application/pdf', s: 48_213 })),
				failOnJobFailure: true,
				output: { mode: 'files' as const, lastNodeOnly: true, binaryProperty: 'data', failures: 'errorOutput' as const },
			};
		}),
		carried: [],
	};
}

const KEY = 'sk-size-test';
const EXECUTION = '4711';

describe('a pause state of 1,000 files', () => {
	const state = stateOf(1_000);
	const { token, stored } = stateForUrl(state, KEY, EXECUTION);

	it('keeps the URL short: the state is stored, the URL carries a sealed pointer', () => {
		expect(stored).toBeDefined();
		expect(stored!.length).toBeGreaterThan(MAX_SEALED_LENGTH);
		expect(token.length).toBeLessThan(300);
		expect(openUrlState(token, KEY, EXECUTION, () => stored)).toEqual(state);
	});

	it('detects any change to either half, and opens for no other key, execution or stored state', () => {
		const flipped = (text: string, at: number): string => {
			const bytes = Buffer.from(text, 'base64url');
			bytes[at] ^= 1;
			return bytes.toString('base64url');
		};
		expect(openUrlState(token, KEY, EXECUTION, () => flipped(stored!, 40))).toBeUndefined();
		expect(openUrlState(token, KEY, EXECUTION, () => flipped(stored!, Buffer.from(stored!, 'base64url').length - 1))).toBeUndefined();
		expect(openUrlState(flipped(token, 30), KEY, EXECUTION, () => stored)).toBeUndefined();
		expect(openUrlState(token, 'sk-other', EXECUTION, () => stored)).toBeUndefined();
		expect(openUrlState(token, KEY, '4712', () => stored)).toBeUndefined();
		expect(openUrlState(token, KEY, EXECUTION, () => undefined)).toBeUndefined();
		// Another pause's state of the same execution, sealed with the right key, does not pass for this one.
		const other = stateForUrl(stateOf(1_000, 'fedcba9876543210'), KEY, EXECUTION);
		expect(openUrlState(token, KEY, EXECUTION, () => other.stored)).toBeUndefined();
		expect(openUrlState(other.token, KEY, EXECUTION, () => stored)).toBeUndefined();
	});

	it('travels on the stack entry from execute() to the resume webhook, and a small state stays in the URL', () => {
		const entry = { node: {}, data: { main: [[]] }, source: null } as unknown as IExecuteData;
		expect(storeState({ getExecuteData: () => entry } as unknown as IExecuteFunctions, stored!)).toBe(true);
		const webhook = { executeData: JSON.parse(JSON.stringify(entry)) as IExecuteData } as unknown as IWebhookFunctions;
		expect(openUrlState(token, KEY, EXECUTION, () => storedState(webhook))).toEqual(state);
		const small = stateForUrl(stateOf(20), KEY, EXECUTION);
		expect(small.stored).toBeUndefined();
		expect(openUrlState(small.token, KEY, EXECUTION, () => undefined)).toEqual(expect.objectContaining({ ref: '0123456789abcdef' }));
	});
});
