import type { INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessItem } from '../harness';
import { startTestService, textFile, type TestService } from './support/service';

/**
 * The service counts its one-second launch spacing from when it accepted the previous launch,
 * after that launch's upload had arrived. A large batch followed by a small one is the case
 * that pacing from the moment a launch was sent gets wrong.
 */
let service: TestService;
beforeAll(async () => {
	// The emulator keeps the service's real rule: 1000 ms between acceptances, else 429.
	service = await startTestService({ job_duration_ms: 200, schedule_delay_ms: 20, max_parse_bytes: 1024 });
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 200, schedule_delay_ms: 20, max_parse_bytes: 1024 });
});

const FIVE_MB = 5 * 1024 * 1024;

/** Ten items of one 5 MB file each, then one item with a small file: Combine makes a 10-file job and a 1-file job. */
function largeThenSmall(): HarnessItem[] {
	const large = Array.from({ length: 10 }, (_, index) => ({
		json: { index },
		binary: { data: { data: Buffer.alloc(FIVE_MB, 65 + index), fileName: `scan-${index}.txt`, mimeType: 'text/plain' } },
	}));
	return [...large, { json: { index: 10 }, binary: { data: textFile('note.md', '# Note\n\nSmall.', 'text/markdown') } }];
}

async function launchesAtTheService() {
	const posts = (await service.requests('/api/v1/jobs')).filter((request) => request.method === 'POST');
	const acceptedAt = posts.filter((request) => request.accepted_at !== undefined).map((request) => Date.parse(request.accepted_at!));
	return { posts, acceptedAt, refused: posts.filter((request) => request.status === 429).length };
}

describe.each([
	['Create Job', { resource: 'job', operation: 'create' }],
	['Process Files', { resource: 'job', operation: 'process', options: { outputMode: 'files' } }],
])('%s in Combine mode: a batch of 10 × 5 MB files, then a batch of one small file', (_name, operation) => {
	it('gets no 429: the small launch waits a spacing after the large one was answered', async () => {
		const parameters: INodeParameters = { ...operation, options: { ...(operation as { options?: object }).options, batchMode: 'combine' } };
		const result = await executeNode({ nodeType: new DocumentProcessing(), parameters, items: largeThenSmall(), credentials: service.credentials });
		expect(result.output[0].length).toBeGreaterThan(0);

		const { posts, acceptedAt, refused } = await launchesAtTheService();
		expect(refused).toBe(0);
		expect(posts.map((request) => request.files.length)).toEqual([10, 1]);
		expect(posts[0].files.every((file) => file.size === FIVE_MB)).toBe(true);
		expect(acceptedAt).toHaveLength(2);
		expect(acceptedAt[1] - acceptedAt[0]).toBeGreaterThanOrEqual(1000);
		expect((await service.counts()).rate_limited).toBe(0);
	});
});

it('never overlaps two launches of one endpoint, across two executions at once', async () => {
	const run = () =>
		executeNode({
			nodeType: new DocumentProcessing(),
			parameters: { resource: 'job', operation: 'create', options: { batchMode: 'combine' } },
			items: largeThenSmall(),
			credentials: service.credentials,
		});
	await Promise.all([run(), run()]);
	const { posts, acceptedAt, refused } = await launchesAtTheService();
	expect(refused).toBe(0);
	expect(posts).toHaveLength(4);
	// Each launch reaches the service only after the previous one was answered.
	const sorted = [...posts].sort((a, b) => Date.parse(a.received_at) - Date.parse(b.received_at));
	for (let index = 1; index < sorted.length; index++) {
		expect(Date.parse(sorted[index].received_at)).toBeGreaterThanOrEqual(Date.parse(sorted[index - 1].accepted_at!));
	}
	expect(acceptedAt.sort((a, b) => a - b).every((at, index, all) => index === 0 || at - all[index - 1] >= 1000)).toBe(true);
});
