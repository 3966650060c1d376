/**
 * Behind an outbound proxy (issue 27): the operations reach the service only through the proxy
 * n8n's variables name. The credential points at a host name only the test proxy resolves, so
 * anything that bypassed the proxy would fail; NO_PROXY sends requests direct, and a proxy that
 * wants credentials gives an error naming it.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessItem } from '../harness';
import { startForwardProxy, type ForwardProxy } from '../proxy/forward-proxy';
import { useProxyEnv } from '../proxy/proxy-env';
import { markdownItem } from './support/actionWorld';
import { pdfItem } from './support/documentWorld';
import { samplePdf } from './support/pdfs';
import { failure, startTestService, type TestService } from './support/service';
import { bridgedTrigger, registrations, WebhookBridge } from './support/trigger';

const HOST = 'emulator.proxy-only.test';
let service: TestService;
let bridge: WebhookBridge;
let proxy: ForwardProxy;
let authProxy: ForwardProxy;
let port: string;

beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 150, schedule_delay_ms: 10 });
	bridge = await new WebhookBridge().start();
	port = new URL(service.emulator.url).port;
	const hosts = { [HOST]: '127.0.0.1', '203.0.113.10': '127.0.0.1' };
	proxy = await startForwardProxy({ hosts });
	authProxy = await startForwardProxy({ hosts, credentials: 'n8n:proxy-pass' });
	const put = await fetch(`${service.emulator.url}/_emulator/files/guide.md`, { method: 'PUT', headers: { 'content-type': 'text/markdown' }, body: '# Guide\n\nStep one.' });
	expect(put.status).toBe(201);
});
afterAll(async () => {
	await bridge.close();
	await service.stop();
	await proxy.close();
	await authProxy.close();
});
beforeEach(() => {
	proxy.log.length = 0;
	authProxy.log.length = 0;
});
const env = useProxyEnv();
/** The credential at `host` (the proxy-only name by default). */
function credentials(host = HOST): Record<string, ICredentialDataDecryptedObject> {
	const { apiKey } = service.credentials.documentProcessingApi;
	return {
		documentProcessingApi: {
			apiKey,
			baseUrl: `http://${host}:${port}`,
			partitionUrl: `http://${host}:${port}/general/v0/general`,
			// The trigger's resume address is plain http on loopback (the emulator's own setting).
			allowHttpWebhooksOnLoopback: true,
		},
	};
}
async function run(parameters: INodeParameters, items: HarnessItem[] = [{ json: {} }], host = HOST) {
	return await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: credentials(host) });
}
const processFiles: INodeParameters = { resource: 'job', operation: 'process', options: { outputMode: 'files', maxPollIntervalSeconds: 1 } };
const partition = (parameters: INodeParameters): INodeParameters => ({ resource: 'document', operation: 'partition', partitionStrategy: 'fast', ...parameters });
const carried = () => proxy.log.map((entry) => `${entry.target} ${entry.path ?? ''}`.replace(`:${port}`, ':P'));

describe('through HTTP_PROXY', () => {
	beforeEach(() => env({ HTTP_PROXY: proxy.url }));

	it('Process Files creates, waits for and downloads the job', async () => {
		const result = await run(processFiles, [markdownItem('report.md')]);
		expect(result.output[0].map((item) => [item.json.input_file_name, item.pairedItem])).toEqual([['report.md', { item: 0 }]]);
		expect(carried()).toEqual(expect.arrayContaining([`${HOST}:P /api/v1/jobs/`, expect.stringMatching(/\/download/)]));
		expect(proxy.log.every((entry) => entry.target === `${HOST}:${port}` && entry.status === 200)).toBe(true);
	});

	it('Partition File splits a PDF and sends each part through the proxy', async () => {
		const pdf = await samplePdf({ pages: 12, imageBytesPerPage: 500 });
		const result = await run(partition({ options: { splitPdfConcurrencyLevel: 3 } }), [pdfItem(pdf)]);
		expect(new Set(result.output[0].map((item) => (item.json.metadata as { page_number: number }).page_number)).size).toBe(12);
		expect(carried().filter((line) => line.endsWith('/general/v0/general'))).toHaveLength(3);
	});

	it('a File URL is downloaded through the proxy', async () => {
		const url = `http://${HOST}:${port}/_emulator/files/guide.md`;
		const result = await run(partition({ inputSource: 'url', fileUrl: url, outputMode: 'files', options: { allowPrivateUrls: true } }));
		expect(result.output[0][0].json).toMatchObject({ file_name: 'guide.md', source_url: url });
		expect(carried()).toEqual([`${HOST}:P /_emulator/files/guide.md`, `${HOST}:P /general/v0/general`]);
	});

	it('the private-address guard judges the target, not the proxy on loopback', async () => {
		const publicUrl = `http://203.0.113.10:${port}/_emulator/files/guide.md`;
		const result = await run(partition({ inputSource: 'url', fileUrl: publicUrl, outputMode: 'files', options: { allowPrivateUrls: false } }));
		expect(result.output[0][0].json).toMatchObject({ file_name: 'guide.md' });

		const loopback = await failure(run(partition({ inputSource: 'url', fileUrl: `http://localhost:${port}/_emulator/files/guide.md`, options: { allowPrivateUrls: false } })));
		expect(loopback.message).toMatch(/points to a private or loopback address \((127\.0\.0\.1|::1)\)/);
		const unresolvable = await failure(run(partition({ inputSource: 'url', fileUrl: `http://${HOST}:${port}/_emulator/files/guide.md`, options: { allowPrivateUrls: false } })));
		expect(unresolvable.message).toMatch(/names a host n8n cannot resolve/);
		expect(carried().filter((line) => line.includes('/_emulator/files/'))).toEqual(['203.0.113.10:P /_emulator/files/guide.md']);
	});

	it('the trigger registers and deletes its channel through the proxy', async () => {
		const hook = bridgedTrigger({ ...service, credentials: credentials() }, bridge, { parameters: { events: ['job.completed'] } });
		expect(await hook.activate()).toBe(true);
		expect(registrations(hook)).toHaveLength(1);
		expect(await hook.deactivate()).toBe(true);
		expect(carried()).toEqual(
			expect.arrayContaining([`${HOST}:P /api/v1/notifications/channels`, expect.stringMatching(/^emulator\.proxy-only\.test:P \/api\/v1\/notifications\/channels\/.+/)]),
		);
		expect(service.emulator.store.channels.size).toBe(0);
	});
});

describe('NO_PROXY and proxy refusals', () => {
	it('NO_PROXY for the service’s host sends the calls direct', async () => {
		env({ HTTP_PROXY: proxy.url, NO_PROXY: `localhost,127.0.0.1` });
		const result = await run(processFiles, [markdownItem('direct.md')], '127.0.0.1');
		expect(result.output[0]).toHaveLength(1);
		// The proxy-only name, listed in NO_PROXY, is looked up directly and not found.
		env({ HTTP_PROXY: proxy.url, no_proxy: `.proxy-only.test` });
		const error = await failure(run(processFiles, [markdownItem('bypass.md')]));
		expect(error.message).toMatch(/Could not reach the service at http:\/\/emulator\.proxy-only\.test:\d+ \(host name not found\)/);
		expect(proxy.log).toEqual([]);
	});

	it('a proxy answering 407 gives an error naming the proxy and what to check', async () => {
		env({ HTTP_PROXY: authProxy.url });
		const error = await failure(run(processFiles, [markdownItem('report.md')]));
		expect(error.message).toBe(`The proxy ${authProxy.url} refused the request to ${HOST}:${port}: it requires authentication (HTTP 407)`);
		expect(error.description).toMatch(/^Add the proxy's user name and password.*\(POST \/api\/v1\/jobs\/\)$/);

		env({ HTTP_PROXY: `http://n8n:proxy-pass@127.0.0.1:${authProxy.port}` });
		await expect(run(processFiles, [markdownItem('report.md')])).resolves.toBeDefined();
		expect(authProxy.log.at(-1)).toMatchObject({ status: 200, authorized: true });
	});
});
