import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../emulator';
import { executeNode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

let service: TestService;
beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 50, schedule_delay_ms: 10 });
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 50, schedule_delay_ms: 10 });
});

const SIGNING_SECRET = 'whsec_c2VjcmV0LWJ5dGVzLWZvci10ZXN0cw==';
const channel = (operation: string, parameters: INodeParameters = {}) => ({ resource: 'notificationChannel', operation, ...parameters });
const run = async (parameters: INodeParameters, items?: HarnessItem[], continueOnFail = false) =>
	await executeNode({ nodeType: new DocumentProcessing(), parameters, items, credentials: service.credentials, continueOnFail });
const channelRequests = async () => await service.requests('/api/v1');
const outbox = async () => (await service.control<{ messages: IDataObject[] }>('outbox')).messages;

type ScopeCase = [label: string, scope: INodeParameters, prefix: string];
const SCOPES: ScopeCase[] = [
	['workspace', { scope: 'workspace' }, '/api/v1/notifications/channels'],
	['one workflow', { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID } }, `/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`],
];

describe.each(SCOPES)('notification channels, %s scope', (_label, scope, prefix) => {
	it('creates a webhook channel and never outputs a signing secret', async () => {
		const result = await run(channel('create', { ...scope, url: 'http://127.0.0.1:9/hook', eventTypes: ['job.completed', 'job.failed'], description: 'finance' }));
		const created = result.output[0][0].json;
		expect(created).toMatchObject({ channel_type: 'webhook', url: 'http://127.0.0.1:9/hook', event_types: ['job.completed', 'job.failed'], enabled: true, description: 'finance' });
		expect(created).not.toHaveProperty('secret');
		expect(JSON.stringify(result.output)).not.toContain('whsec_');
		expect(created.message).toMatch(/signing secret .* not shown/);
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
		const [sent] = await channelRequests();
		expect(sent).toMatchObject({ method: 'POST', path: prefix });
		expect(sent.json).toEqual({ channel_type: 'webhook', url: 'http://127.0.0.1:9/hook', event_types: ['job.completed', 'job.failed'], description: 'finance' });
	});

	it('sends the signing secret of the picked credential and keeps it out of the output', async () => {
		const parameters = channel('create', { ...scope, url: 'https://example.com/h', signingSecretInput: 'credential' });
		const credentials = { ...service.credentials, documentProcessingSigningSecretApi: { secret: SIGNING_SECRET } };
		const result = await executeNode({ nodeType: new DocumentProcessing(), parameters, credentials });
		expect(JSON.stringify(result.output)).not.toContain('c2VjcmV0');
		expect(result.output[0][0].json).not.toHaveProperty('message');
		const [sent] = await channelRequests();
		expect((sent.json as IDataObject).secret).toBe(SIGNING_SECRET);
	});

	it('sends the signing secret an expression gives at run time', async () => {
		const parameters = channel('create', { ...scope, url: 'https://example.com/h', signingSecretInput: 'expression', signingSecret: '={{ $json.signing }}' });
		await run(parameters, [{ json: { signing: SIGNING_SECRET } }]);
		const [sent] = await channelRequests();
		expect((sent.json as IDataObject).secret).toBe(SIGNING_SECRET);
	});

	it('refuses a signing secret typed into the node (n8n would save it), a missing credential and an empty value, before any request', async () => {
		const typed = await failure(run(channel('create', { ...scope, url: 'https://example.com/h', signingSecretInput: 'expression', signingSecret: SIGNING_SECRET })));
		expect(typed).toBeInstanceOf(NodeOperationError);
		expect(typed.message).toBe('Signing Secret holds a typed value');
		expect(typed.description).toMatch(/Map the secret by expression .+, or set Signing Secret Input to Credential\.$/);
		expect(JSON.stringify(typed)).not.toContain('c2VjcmV0');
		const none = await failure(run(channel('create', { ...scope, url: 'https://example.com/h', signingSecretInput: 'credential' })));
		expect(none.message).toBe('No Document Processing Signing Secret API credential is picked');
		const empty = await failure(run(channel('create', { ...scope, url: 'https://example.com/h', signingSecretInput: 'expression', signingSecret: '={{ $json.missing }}' })));
		expect(empty.message).toBe('Signing Secret is empty');
		expect(await channelRequests()).toEqual([]);
	});

	it('creates an e-mail channel that says it is disabled until verified, then verifies it with the e-mailed code', async () => {
		const created = (await run(channel('create', { ...scope, channelType: 'email', recipientEmail: 'ops@example.com', eventTypes: ['job.failed'] }))).output[0][0].json;
		expect(created).toMatchObject({ channel_type: 'email', enabled: false, verification: 'pending' });
		expect(created.message).toMatch(/disabled until it is verified.*six-digit code to ops@example\.com/);
		const [message] = await outbox();
		expect(message).toMatchObject({ channel_id: created.id, kind: 'verification', recipient_email: 'ops@example.com' });

		const verified = await run(channel('verify', { ...scope, channelId: created.id as string, code: message.code as string }));
		expect(verified.output[0][0].json).toMatchObject({ id: created.id, verified: true, message: expect.stringMatching(/verified/) });
		const fetched = await run(channel('get', { ...scope, channelId: created.id as string }));
		expect(fetched.output[0][0].json).toMatchObject({ id: created.id, enabled: true });
		const verifyCall = (await channelRequests()).find((request) => request.path.endsWith('/verify'));
		expect(verifyCall).toMatchObject({ method: 'POST', path: `${prefix}/${String(created.id)}/verify`, json: { code: message.code } });
	});

	it('says clearly when the code is wrong, and the channel stays disabled', async () => {
		const created = (await run(channel('create', { ...scope, channelType: 'email', recipientEmail: 'ops@example.com' }))).output[0][0].json;
		const [message] = await outbox();
		const wrong = message.code === '000000' ? '111111' : '000000';
		const error = await failure(run(channel('verify', { ...scope, channelId: created.id as string, code: wrong })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/^The verification code was not accepted/);
		expect(error.description).toMatch(/six-digit code/);
		expect((await run(channel('get', { ...scope, channelId: created.id as string }))).output[0][0].json.enabled).toBe(false);
	});

	it('lists channels of one type with the enabled filter, the limit and return-all', async () => {
		await run(channel('create', { ...scope, url: 'https://example.com/1' }));
		await run(channel('create', { ...scope, url: 'https://example.com/2' }));
		await run(channel('create', { ...scope, url: 'https://example.com/3' }));
		await run(channel('create', { ...scope, channelType: 'email', recipientEmail: 'a@example.com' }));

		const webhooks = await run(channel('getAll', { ...scope, channelType: 'webhook', returnAll: true }));
		expect(webhooks.output[0].map((item) => item.json.url)).toEqual(['https://example.com/1', 'https://example.com/2', 'https://example.com/3']);
		expect(webhooks.output[0].every((item) => !('secret' in item.json))).toBe(true);
		const limited = await run(channel('getAll', { ...scope, channelType: 'webhook', limit: 2 }));
		expect(limited.output[0]).toHaveLength(2);

		const disabledEmails = await run(channel('getAll', { ...scope, channelType: 'email', returnAll: true, filters: { enabled: false } }));
		expect(disabledEmails.output[0].map((item) => item.json.channel_type)).toEqual(['email']);
		const enabledEmails = await run(channel('getAll', { ...scope, channelType: 'email', returnAll: true, filters: { enabled: true } }));
		expect(enabledEmails.output[0]).toHaveLength(0);

		const lists = (await channelRequests()).filter((request) => request.method === 'GET');
		expect(lists.map((request) => request.query)).toEqual([
			{ channel_type: 'webhook' },
			{ channel_type: 'webhook' },
			{ channel_type: 'email', enabled: 'false' },
			{ channel_type: 'email', enabled: 'true' },
		]);
		expect(lists.every((request) => request.path === prefix)).toBe(true);
	});

	it('gets one channel, and names it when it does not exist', async () => {
		const created = (await run(channel('create', { ...scope, url: 'https://example.com/one' }))).output[0][0].json;
		const fetched = await run(channel('get', { ...scope, channelId: created.id as string }));
		expect(fetched.output[0][0].json).toEqual(expect.objectContaining({ id: created.id, url: 'https://example.com/one', channel_type: 'webhook' }));
		const error = await failure(run(channel('get', { ...scope, channelId: '0b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10' })));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/Notification channel "0b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10".* was not found/);
	});
});

describe('channel scopes are separate', () => {
	it('does not find a workflow channel among the workspace channels', async () => {
		const created = (await run(channel('create', { ...SCOPES[1][1], url: 'https://example.com/wf' }))).output[0][0].json;
		const error = await failure(run(channel('get', { scope: 'workspace', channelId: created.id as string })));
		expect((error as NodeApiError).httpCode).toBe('404');
		const workspace = await run(channel('getAll', { scope: 'workspace', channelType: 'webhook', returnAll: true }));
		expect(workspace.output[0]).toHaveLength(0);
	});

	it('accepts the workflow as a URL that contains its id', async () => {
		await run(channel('create', { scope: 'workflow', workflowId: { __rl: true, mode: 'url', value: `https://platform.example/app/workflows/${DEFAULT_WORKFLOW_ID}/edit` }, url: 'https://example.com/u' }));
		const [sent] = await channelRequests();
		expect(sent.path).toBe(`/api/v1/workflows/${DEFAULT_WORKFLOW_ID}/notifications/channels`);
	});
});

describe('local checks before any request', () => {
	it.each([
		['an e-mail address without a domain', { channelType: 'email', recipientEmail: 'ops@' }, /Recipient E-Mail "ops@" is not an e-mail address/],
		['a webhook URL that is not http(s)', { url: 'ftp://example.com/x' }, /URL "ftp:\/\/example.com\/x" is not an http\(s\) address/],
		['an unknown event type', { url: 'https://example.com', eventTypes: '={{ ["job.done"] }}' }, /unknown event: job.done/],
		['no event types', { url: 'https://example.com', eventTypes: '={{ [] }}' }, /Event Types is empty/],
		['a workflow that is no id', { scope: 'workflow', workflowId: { __rl: true, mode: 'id', value: '={{ "my workflow" }}' }, url: 'https://example.com' }, /Workflow "my workflow" is not a workflow ID/],
	])('create refuses %s', async (_what, parameters, message) => {
		const error = await failure(run(channel('create', parameters as INodeParameters)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(await channelRequests()).toHaveLength(0);
	});

	it.each([
		['five digits', '12345', /has 5 digits/],
		['seven digits', '1234567', /has 7 digits/],
		['letters', '12a456', /contains characters other than digits/],
		['spaces inside', '123 456', /contains characters other than digits/],
	])('verify refuses a code of %s', async (_what, code, message) => {
		const error = await failure(run(channel('verify', { channelId: 'c1', code })));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(error.message).toMatch(/exactly six digits/);
		expect(await channelRequests()).toHaveLength(0);
	});

	it('names the failing item and keeps the others with continue-on-fail', async () => {
		const items: HarnessItem[] = [{ json: { email: 'a@example.com' } }, { json: { email: 'nope' } }];
		const result = await run(channel('create', { channelType: 'email', recipientEmail: '={{ $json.email }}' }), items, true);
		expect(result.output[0][0].json).toMatchObject({ channel_type: 'email', email_config: { recipient_email: 'a@example.com' } });
		expect(result.output[0][1].json.error).toMatch(/Recipient E-Mail "nope"/);
		expect(result.output[0][1].pairedItem).toEqual({ item: 1 });
	});
});
