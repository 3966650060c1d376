/** The harness's hook and webhook contexts (trigger activation, webhooks) and its cleanup. */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { credentials, HarnessTrigger, hookLog, remote } from './fake-nodes';
import { createHookHarness, disposeHarness, getHarnessPaths, runWebhook } from './index';

describe('hook and webhook contexts', () => {
	const webhookUrl = 'http://127.0.0.1:5678/webhook/test-hook';

	beforeEach(() => {
		remote.clear();
		hookLog.length = 0;
	});

	it('persists static data between create, checkExists and delete', async () => {
		const hook = createHookHarness({
			nodeType: new HarnessTrigger(),
			parameters: { event: 'job.failed' },
			credentials,
			webhookUrl,
		});
		expect(await hook.call('checkExists')).toBe(false);
		expect(await hook.call('create')).toBe(true);
		expect(hook.staticData).toEqual({ channelId: 'ch-1', secret: 'secret-ch-1', event: 'job.failed' });
		expect(remote.get('ch-1')).toEqual({ url: webhookUrl, secret: 'secret-ch-1', apiKey: 'key-123' });
		expect(await hook.call('checkExists')).toBe(true);
		expect(await hook.activate()).toBe(false); // exists already: n8n does not create again
		expect(await hook.deactivate()).toBe(true);
		expect(hook.staticData).toEqual({ event: 'job.failed' });
		expect(await hook.call('checkExists')).toBe(false);
		expect(hook.calls.map((c) => c.method)).toEqual([
			'checkExists',
			'create',
			'checkExists',
			'checkExists',
			'delete',
			'checkExists',
		]);
		expect(hookLog[0]).toEqual({ method: 'checkExists', mode: 'trigger', activation: 'activate', url: webhookUrl });
	});

	it("runs the methods in test-webhook mode with mode: 'manual'", async () => {
		const hook = createHookHarness({
			nodeType: new HarnessTrigger(),
			parameters: {},
			credentials,
			webhookUrl,
			mode: 'manual',
		});
		expect(await hook.activate()).toBe(true);
		expect(hookLog.map((l) => [l.method, l.mode, l.activation])).toEqual([
			['checkExists', 'manual', 'manual'],
			['create', 'manual', 'manual'],
		]);
	});

	it('delivers the raw body, headers and parsed body to webhook()', async () => {
		const hook = createHookHarness({ nodeType: new HarnessTrigger(), parameters: {}, credentials, webhookUrl });
		await hook.activate();
		const rawBody = Buffer.from(JSON.stringify({ type: 'job.completed', job_id: 'j1' }));
		const signature = createHmac('sha256', hook.staticData.secret as string)
			.update(rawBody)
			.digest('hex');

		const result = await runWebhook({
			nodeType: new HarnessTrigger(),
			parameters: {},
			credentials,
			staticData: hook.staticData,
			headers: { 'Content-Type': 'application/json', 'X-Signature': signature },
			rawBody,
			webhookUrl,
		});
		expect(result.nodeCalled).toBe(true);
		expect(result.workflowStarted).toBe(true);
		expect(result.response.workflowData?.[0]).toEqual([
			{
				json: {
					type: 'job.completed',
					job_id: 'j1',
					rawLength: rawBody.length,
					mode: 'webhook',
					url: webhookUrl,
				},
			},
		]);
		expect(result.statusCode).toBe(200);
		expect(result.body).toEqual({ message: 'Workflow was started' });
		expect(result.request.rawBody.equals(rawBody)).toBe(true);

		// Same thing through the hook harness (shares node, static data and credentials).
		const again = await hook.runWebhook({
			headers: { 'content-type': 'application/json', 'x-signature': signature },
			rawBody,
		});
		expect(again.response.workflowData?.[0][0].json.job_id).toBe('j1');
	});

	it('records what the node answers through getResponseObject()', async () => {
		const hook = createHookHarness({ nodeType: new HarnessTrigger(), parameters: {}, credentials, webhookUrl });
		await hook.activate();
		const result = await hook.runWebhook({
			headers: { 'content-type': 'application/json', 'x-signature': 'forged' },
			rawBody: Buffer.from('{"type":"job.completed"}'),
		});
		expect(result.response).toEqual({ noWebhookResponse: true });
		expect(result.statusCode).toBe(401);
		expect(result.body).toEqual({ message: 'bad signature' });
		expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
	});

	it('answers webhookResponse when no workflow is started, and 422 for a body that does not parse', async () => {
		const hook = createHookHarness({ nodeType: new HarnessTrigger(), parameters: {}, credentials, webhookUrl });
		await hook.activate();
		const sign = (body: Buffer) =>
			createHmac('sha256', hook.staticData.secret as string)
				.update(body)
				.digest('hex');

		const ping = Buffer.from('{"type":"ping"}');
		const pong = await hook.runWebhook({
			headers: { 'content-type': 'application/json', 'x-signature': sign(ping) },
			rawBody: ping,
		});
		expect(pong.workflowStarted).toBe(false);
		expect(pong.statusCode).toBe(200);
		expect(pong.body).toEqual({ pong: true });

		const broken = Buffer.from('{"type":');
		const refused = await hook.runWebhook({
			headers: { 'content-type': 'application/json', 'x-signature': sign(broken) },
			rawBody: broken,
		});
		expect(refused.nodeCalled).toBe(false);
		expect(refused.statusCode).toBe(422);
	});
});

describe('cleanup', () => {
	it('removes the temp n8n folder on dispose (also done automatically after the file)', async () => {
		const { n8nFolder } = await getHarnessPaths();
		expect(existsSync(n8nFolder)).toBe(true);
		await disposeHarness();
		expect(existsSync(n8nFolder)).toBe(false);
	});
});
