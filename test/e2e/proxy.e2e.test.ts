/**
 * Behind a proxy in real n8n (issue 27): n8n 2.40.7 started with HTTP_PROXY, HTTPS_PROXY and
 * NO_PROXY=localhost,127.0.0.1 (its own task broker stays direct). The credential names a host only
 * the loopback test proxy resolves, so every request that reaches the emulator went through the
 * proxy: the credential test (the nodes' credential-test method, through the package's transport), Partition File splitting a PDF it downloads from
 * a File URL, Process Files and the trigger's channel registration on publish. A credential at
 * 127.0.0.1, which NO_PROXY lists, reaches the emulator direct; a proxy answering 407 fails the node
 * with the error that names the proxy.
 */
import { randomUUID } from 'node:crypto';
import { startEmulator, type RunningEmulator } from '../emulator';
import { samplePdf } from '../integration/support/pdfs';
import { startForwardProxy, type ForwardProxy } from '../proxy/forward-proxy';
import { E2E_SETUP_TIMEOUT_MS, killAllChildren, loadWorkflow, nodeOutputJson, setupN8nE2e, type E2eN8n } from './n8n';

const HOST = 'emulator.proxy-only.test';
/** A second name for the emulator, for which the proxy wants credentials n8n's HTTP_PROXY lacks. */
const LOCKED = 'locked.proxy-only.test';
const CREDENTIAL_TYPE = 'documentProcessingApi';

describe('real n8n behind an outbound proxy', () => {
	const apiKey = `e2e-proxy-${randomUUID()}`;
	let emulator: RunningEmulator;
	let proxy: ForwardProxy;
	let e2e: E2eN8n;
	let port = '';

	const proxiedBase = () => `http://${HOST}:${port}`;
	const carried = (path: string) => proxy.log.filter((entry) => entry.target === `${HOST}:${port}` && entry.path?.startsWith(path));
	const importCredential = async (base: string, name: string) =>
		await e2e.importCredential({ name, type: CREDENTIAL_TYPE, data: { apiKey, baseUrl: base, partitionUrl: `${base}/general/v0/general`, allowHttpWebhooksOnLoopback: true } });
	const channels = () => [...emulator.store.channels.values()];
	const channelCount = async (count: number): Promise<void> => {
		const deadline = Date.now() + 30_000;
		while (channels().length !== count) {
			if (Date.now() > deadline) throw new Error(`expected ${count} channel(s), found ${channels().length}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	};

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, apiKey, config: { job_duration_ms: 300, schedule_delay_ms: 50 } });
		port = new URL(emulator.url).port;
		proxy = await startForwardProxy({ hosts: { [HOST]: '127.0.0.1', [LOCKED]: '127.0.0.1' }, credentials: 'n8n:proxy-pass', credentialsOnlyFor: [LOCKED] });
		const pdf = await samplePdf({ pages: 9, imageBytesPerPage: 500 });
		for (const [name, type, body] of [['report.pdf', 'application/pdf', pdf], ['notes.md', 'text/markdown', '# Notes\n\nBehind the proxy.']] as const) {
			const put = await fetch(`${emulator.url}/_emulator/files/${name}`, { method: 'PUT', headers: { 'content-type': type }, body });
			expect(put.status).toBe(201);
		}
		e2e = await setupN8nE2e({ label: 'proxy', env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' } });
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		try {
			await e2e?.close();
			await emulator?.close();
			await proxy?.close();
		} finally {
			killAllChildren();
		}
	}, 60_000);

	it('the credential test reaches the service through the proxy', async () => {
		const data = { apiKey, baseUrl: proxiedBase(), partitionUrl: `${proxiedBase()}/general/v0/general` };
		expect(await e2e.rest.testCredential({ name: 'proxied', type: CREDENTIAL_TYPE, data })).toMatchObject({ status: 'OK' });
		expect(carried('/api/v1/users/retrieve')).toHaveLength(1);
	}, 60_000);

	it('Partition File (File URL, split PDF) and Process Files run through the proxy', async () => {
		const credential = await importCredential(proxiedBase(), 'Document Processing (through the proxy)');
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('proxy-flows.json', {
				PDF_URL: `${proxiedBase()}/_emulator/files/report.pdf`,
				TEXT_URL: `${proxiedBase()}/_emulator/files/notes.md`,
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
			}),
		);
		const result = await e2e.execute(workflowId);
		expect(result.status).toBe('success');
		const pages = new Set(nodeOutputJson(result.data, 'Partition Split').map((element) => (element.metadata as { page_number: number }).page_number));
		expect([...pages].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(nodeOutputJson(result.data, 'Process Files').map((file) => file.input_file_name)).toEqual(['notes.md']);
		expect(carried('/_emulator/files/')).toHaveLength(2);
		expect(carried('/general/v0/general')).toHaveLength(3);
		expect(carried('/api/v1/jobs').length).toBeGreaterThanOrEqual(3);
	}, 180_000);

	it('publishing the trigger registers its channel through the proxy, unpublishing deletes it', async () => {
		const credential = await importCredential(proxiedBase(), 'Document Processing (trigger, through the proxy)');
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('trigger-job-events.json', { WEBHOOK_ID: randomUUID(), CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }),
		);
		await e2e.publish(workflowId);
		await channelCount(1);
		expect(carried('/api/v1/notifications/channels').some((entry) => entry.path === '/api/v1/notifications/channels')).toBe(true);
		await e2e.unpublish(workflowId);
		await channelCount(0);
		expect(carried('/api/v1/notifications/channels/').length).toBeGreaterThanOrEqual(1);
	}, 120_000);

	it('a proxy answering 407 fails the node with an error naming the proxy and what to check', async () => {
		const credential = await importCredential(`http://${LOCKED}:${port}`, 'Document Processing (proxy wants credentials)');
		const workflowId = await e2e.importWorkflow(loadWorkflow('get-job.json', { JOB_ID: randomUUID(), CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }));
		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('error');
		const { error } = run.data.resultData;
		expect(error?.message).toBe(`The proxy ${proxy.url} refused the request to ${LOCKED}:${port}: it requires authentication (HTTP 407)`);
		expect(error?.description).toMatch(/Add the proxy's user name and password to its address \(HTTP_PROXY \/ HTTPS_PROXY \/ ALL_PROXY of the n8n process\)/);
		expect(proxy.log.filter((entry) => entry.target === `${LOCKED}:${port}`).map((entry) => entry.status)).toEqual([407]);
	}, 120_000);

	it('a host NO_PROXY lists is reached directly', async () => {
		const before = proxy.log.length;
		const data = { apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl };
		expect(await e2e.rest.testCredential({ name: 'direct', type: CREDENTIAL_TYPE, data })).toMatchObject({ status: 'OK' });
		const credential = await importCredential(emulator.url, 'Document Processing (direct)');
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('proxy-flows.json', {
				PDF_URL: `${emulator.url}/_emulator/files/report.pdf`,
				TEXT_URL: `${emulator.url}/_emulator/files/notes.md`,
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
			}),
		);
		expect((await e2e.execute(workflowId)).status).toBe('success');
		expect(proxy.log.slice(before)).toEqual([]);
	}, 180_000);
});
