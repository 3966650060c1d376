/**
 * What the secret-hygiene tests share: the lane they run on, the secrets a case learns along the
 * way, running an operation with every output and error checked, and what the service was sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import type { HarnessItem } from '../../harness';
import { API_KEY, type Credentials, SECRET_PLAINTEXT } from './bench';
import { exposedText, leaksIn } from './leaks';
import type { Lane } from './matrixRunner';

export const secretFromJson = { resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: '={{ $json.secret }}' };

export type HygieneChecks = ReturnType<typeof hygieneChecks>;

/** `lane` gives the lane the suite started in its beforeAll. */
export function hygieneChecks(lane: () => Lane) {
	/** Secrets the case learns along the way (a trigger's or the service's signing secret). */
	const caseSecrets: string[] = [];
	let checked = 0;
	const bench = () => lane().bench;

	/** Nothing the user can see holds a marker or a secret of the case. */
	function expectClean(...values: unknown[]): void {
		for (const value of values) {
			checked++;
			expect(leaksIn(value, caseSecrets)).toEqual([]);
		}
	}

	async function run(parameters: INodeParameters, items?: HarnessItem[], options: { credentials?: Credentials; continueOnFail?: boolean } = {}) {
		try {
			const result = await bench().run(parameters, { items, ...options });
			expectClean(result.output, result.hints);
			return { output: result.output[0], error: undefined };
		} catch (error) {
			expectClean(error);
			return { output: undefined, error: error as Error & { description?: string } };
		}
	}

	/**
	 * The service never got the secret's plaintext, and no request carried the key outside its header
	 * (path, query, form fields, body), where a proxy or a log could keep it. The signing secret is
	 * meant for the service, so it may travel in a channel's create request.
	 */
	async function expectServiceSawNoPlaintext(): Promise<void> {
		for (const request of await bench().requests()) {
			const { headers: _headers, ...visible } = request as typeof request & { headers?: unknown };
			const text = exposedText(visible);
			for (const marker of [SECRET_PLAINTEXT, 'b41d2e', API_KEY, '7f3a9c']) expect({ request: request.path, leaks: text.includes(marker) }).toEqual({ request: request.path, leaks: false });
		}
	}

	/** How many outputs, errors and webhook answers were checked so far. */
	const checkedCount = () => checked;

	return { lane, bench, caseSecrets, checked: checkedCount, expectClean, run, expectServiceSawNoPlaintext };
}
