/**
 * Secret hygiene: every operation runs with a recognisable API key, secret plaintext and signing
 * secret, on its success path and on failure paths (bad input, refusals, service errors, injected
 * faults), and none of them may appear in an output item, an error (message, description,
 * context, cause, every own property), a webhook answer, or anything the package or n8n logs.
 */
jest.mock('../../../nodes/DocumentProcessing/transport/request', () =>
	(jest.requireActual('./transportSeam') as typeof import('./transportSeam')).seamedRequestModule(),
);

import { NodeApiError } from 'n8n-workflow';
import { API_KEY, SECRET_PLAINTEXT, SIGNING_SECRET } from './bench';
import { hygieneChecks } from './hygieneChecks';
import { hygieneFailurePaths } from './hygieneFailurePaths';
import { hygieneSuccessPaths } from './hygieneSuccessPaths';
import { captureLogs, type LogCapture, leaksIn } from './leaks';
import { Lane } from './matrixRunner';
import { setCallOverrides } from './transportSeam';

let lane: Lane;
let logs: LogCapture;
const checks = hygieneChecks(() => lane);

beforeAll(async () => {
	lane = await Lane.start();
	setCallOverrides({ retry: { baseDelayMs: 100, maxDelayMs: 1_000 } });
	await lane.bench.run({ resource: 'job', operation: 'get', jobId: 'warm-up' }).catch(() => undefined);
	logs = captureLogs();
});

afterAll(async () => {
	logs.restore();
	setCallOverrides({});
	await lane.stop();
	process.stdout.write(`\nSecret hygiene: ${checks.checked()} outputs, errors and webhook answers checked, ${logs.lines().length} log lines checked\n\n`);
});

beforeEach(async () => {
	await lane.bench.reset();
	checks.caseSecrets.length = 0;
});

// The logs test below reads what every test of both groups logged, so they share this one file.
describe('success paths', () => hygieneSuccessPaths(checks));

describe('failure paths', () => hygieneFailurePaths(checks));

describe('logs', () => {
	it('nothing logged by the package or by n8n holds a secret', () => {
		// n8n's engine logged every execution, including the failed ones with their errors.
		expect(logs.lines().some((line) => line.includes('finished with error'))).toBe(true);
		expect(logs.lines().filter((line) => leaksIn(line).length > 0)).toEqual([]);
		// The package itself writes nothing to the console.
		expect(logs.lines().filter((line) => line.startsWith('console.'))).toEqual([]);
	});
});

describe('the detector', () => {
	it('finds a key or a plaintext hidden in an error’s context, cause or a nested item', () => {
		const error = new NodeApiError({ id: '1', name: 'n', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, { message: 'x' }, { message: 'failed' });
		error.context.request = { headers: { 'service-api-key': API_KEY } };
		expect(leaksIn(error)).toContain(API_KEY);
		expect(leaksIn(new Error('outer', { cause: new Error(`inner ${SECRET_PLAINTEXT}`) }))).toContain(SECRET_PLAINTEXT);
		expect(leaksIn([{ json: { deep: [{ value: SIGNING_SECRET }] } }])).toContain(SIGNING_SECRET);
		expect(leaksIn('masked sk-HYGIENE-7f3a9c'.replace('sk-', 'sk_'))).toEqual(['7f3a9c', 'HYGIENE']);
	});
});
