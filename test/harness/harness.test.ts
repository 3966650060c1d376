import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	binaryFilePath,
	createHookHarness,
	disposeHarness,
	executeNode,
	getHarnessPaths,
	runWebhook,
} from './index';

// ---------------------------------------------------------------------------------------
// A tiny action node exercising the helpers our real nodes use.
// ---------------------------------------------------------------------------------------

async function streamToBuffer(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
	return Buffer.concat(chunks);
}

class HarnessFake implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Fake',
		name: 'harnessFake',
		group: ['transform'],
		version: [1, 2],
		description: 'Test double for the harness tests',
		defaults: { name: 'Harness Fake' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'harnessApi', required: true, displayOptions: { show: { operation: ['credentials'] } } },
		],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Inspect Binary', value: 'inspect' },
					{ name: 'Transform Binary', value: 'transform' },
					{ name: 'Echo Text', value: 'echo' },
					{ name: 'Credentials', value: 'credentials' },
					{ name: 'Fail', value: 'fail' },
					{ name: 'API Error', value: 'apiError' },
					{ name: 'Count', value: 'count' },
				],
				default: 'echo',
			},
			{ displayName: 'Binary Property', name: 'binaryPropertyName', type: 'string', default: 'data' },
			{ displayName: 'Text', name: 'text', type: 'string', default: 'default-text' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const operation = this.getNodeParameter('operation', 0) as string;
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				out.push(await runOne(this, operation, i));
			} catch (error) {
				if (this.continueOnFail()) {
					out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				throw error;
			}
		}
		return [out];
	}
}

async function runOne(ctx: IExecuteFunctions, operation: string, i: number): Promise<INodeExecutionData> {
	const node = ctx.getNode();
	switch (operation) {
		case 'inspect': {
			const property = ctx.getNodeParameter('binaryPropertyName', i) as string;
			const binary = ctx.helpers.assertBinaryData(i, property);
			const json: IDataObject = { id: binary.id ?? null, data: binary.data, fileName: binary.fileName ?? null };
			if (binary.id) {
				const stream = await ctx.helpers.getBinaryStream(binary.id);
				json.streamIsReadable = stream instanceof Readable;
				json.streamContent = (await streamToBuffer(stream)).toString('utf8');
				json.metadata = (await ctx.helpers.getBinaryMetadata(binary.id)) as unknown as IDataObject;
			}
			json.bufferContent = (await ctx.helpers.getBinaryDataBuffer(i, property)).toString('utf8');
			return { json, pairedItem: { item: i } };
		}
		case 'transform': {
			const buffer = await ctx.helpers.getBinaryDataBuffer(i, 'data');
			const result = await ctx.helpers.prepareBinaryData(
				Buffer.from(buffer.toString('utf8').toUpperCase()),
				'result.txt',
				'text/plain',
			);
			return { json: { transformed: true }, binary: { result }, pairedItem: { item: i } };
		}
		case 'echo':
			return {
				json: {
					text: ctx.getNodeParameter('text', i) as string,
					type: node.type,
					name: node.name,
					typeVersion: node.typeVersion,
					mode: ctx.getMode(),
				},
				pairedItem: { item: i },
			};
		case 'credentials': {
			const credentials = await ctx.getCredentials<{ apiKey: string; baseUrl: string }>('harnessApi', i);
			return { json: { apiKey: credentials.apiKey, baseUrl: credentials.baseUrl }, pairedItem: { item: i } };
		}
		case 'fail':
			if (ctx.getInputData()[i].json.bad === true) {
				throw new NodeOperationError(node, `Item ${i} is bad`, { itemIndex: i });
			}
			return { json: { ok: i }, pairedItem: { item: i } };
		case 'apiError':
			throw new NodeApiError(node, { detail: 'Job abc not found' } as JsonObject, {
				httpCode: '404',
				message: 'The job was not found',
				itemIndex: i,
			});
		case 'count': {
			const staticData = ctx.getWorkflowStaticData('node');
			staticData.count = ((staticData.count as number | undefined) ?? 0) + 1;
			return { json: { count: staticData.count as number }, pairedItem: { item: i } };
		}
		default:
			throw new NodeOperationError(node, `Unknown operation ${operation}`);
	}
}

// ---------------------------------------------------------------------------------------
// A tiny webhook trigger: registers itself with a "remote service" (an in-memory map here)
// and verifies an HMAC signature over the raw body.
// ---------------------------------------------------------------------------------------

const remote = new Map<string, { url: string; secret: string; apiKey: string }>();
let hookLog: Array<{ method: string; mode: string; activation: string; url: string | undefined }> = [];

class HarnessTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Trigger',
		name: 'harnessTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Test double for webhook harness tests',
		defaults: { name: 'Harness Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'harnessApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [{ displayName: 'Event', name: 'event', type: 'string', default: 'job.completed' }],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				hookLog.push({
					method: 'checkExists',
					mode: this.getMode(),
					activation: this.getActivationMode(),
					url: this.getNodeWebhookUrl('default'),
				});
				return typeof staticData.channelId === 'string' && remote.has(staticData.channelId);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default');
				const { apiKey } = await this.getCredentials<{ apiKey: string }>('harnessApi');
				hookLog.push({ method: 'create', mode: this.getMode(), activation: this.getActivationMode(), url });
				const channelId = `ch-${remote.size + 1}`;
				const secret = `secret-${channelId}`;
				remote.set(channelId, { url: url ?? '', secret, apiKey });
				const staticData = this.getWorkflowStaticData('node');
				staticData.channelId = channelId;
				staticData.secret = secret;
				staticData.event = this.getNodeParameter('event') as string;
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				hookLog.push({ method: 'delete', mode: this.getMode(), activation: this.getActivationMode(), url: undefined });
				const existed = remote.delete(staticData.channelId as string);
				delete staticData.channelId;
				delete staticData.secret;
				return existed;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject() as { rawBody: Buffer };
		const headers = this.getHeaderData();
		const { secret } = this.getWorkflowStaticData('node') as { secret?: string };
		const expected = createHmac('sha256', secret ?? '').update(req.rawBody).digest('hex');
		if (headers['x-signature'] !== expected) {
			this.getResponseObject().status(401).json({ message: 'bad signature' });
			return { noWebhookResponse: true };
		}
		const body = this.getBodyData();
		if (body.type === 'ping') return { webhookResponse: { pong: true } };
		return {
			workflowData: [
				this.helpers.returnJsonArray({
					...body,
					rawLength: req.rawBody.length,
					mode: this.getMode(),
					url: this.getNodeWebhookUrl('default') ?? null,
				}),
			],
		};
	}
}

const credentials = { harnessApi: { apiKey: 'key-123', baseUrl: 'http://127.0.0.1:9' } };

// ---------------------------------------------------------------------------------------

describe('executeNode: binary data', () => {
	it('stores input binaries on disk in filesystem mode and serves them through getBinaryStream', async () => {
		const { output } = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'inspect' },
			items: [{ json: {}, binary: { data: { data: 'hello file', fileName: 'a.txt', mimeType: 'text/plain' } } }],
		});
		const json = output[0][0].json;
		expect(json.id).toMatch(/^filesystem-v2:workflows\/[^/]+\/executions\/[^/]+\/binary_data\/[0-9a-f-]{36}$/);
		expect(json.data).toBe('filesystem-v2');
		expect(json.fileName).toBe('a.txt');
		expect(json.streamIsReadable).toBe(true);
		expect(json.streamContent).toBe('hello file');
		expect(json.bufferContent).toBe('hello file');
		expect(json.metadata).toEqual({ fileName: 'a.txt', mimeType: 'text/plain', fileSize: 10 });
	});

	it('puts the files under the harness temp folder', async () => {
		const { output } = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'transform' },
			items: [{ binary: { data: { data: Buffer.from('abc'), fileName: 'b.bin', mimeType: 'application/octet-stream' } } }],
		});
		const binary = output[0][0].binary?.result;
		expect(binary).toBeDefined();
		const path = await binaryFilePath(binary!);
		const { storagePath } = await getHarnessPaths();
		expect(path.startsWith(storagePath)).toBe(true);
		expect(readFileSync(path, 'utf8')).toBe('ABC');
	});

	it('makes prepareBinaryData output readable through readBinary', async () => {
		const result = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'transform' },
			items: [
				{ binary: { data: { data: 'first', fileName: '1.txt', mimeType: 'text/plain' } } },
				{ binary: { data: { data: 'second', fileName: '2.txt', mimeType: 'text/plain' } } },
			],
		});
		const binary = result.output[0][1].binary?.result;
		expect(binary).toMatchObject({ fileName: 'result.txt', mimeType: 'text/plain', data: 'filesystem-v2' });
		expect(binary?.id).toMatch(/^filesystem-v2:/);
		expect((await result.readBinary(0, 'result')).toString()).toBe('FIRST');
		expect((await result.readBinary(1, 'result')).toString()).toBe('SECOND');
		await expect(result.readBinary(0, 'nope')).rejects.toThrow('has no binary "nope" (has: result)');
	});

	it("keeps binaries in memory with binaryMode: 'default'", async () => {
		const result = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'inspect' },
			binaryMode: 'default',
			items: [{ binary: { data: { data: 'in memory', fileName: 'm.txt', mimeType: 'text/plain' } } }],
		});
		const json = result.output[0][0].json;
		expect(json.id).toBeNull();
		expect(json.data).toBe(Buffer.from('in memory').toString('base64'));
		expect(json.bufferContent).toBe('in memory');

		const transformed = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'transform' },
			binaryMode: 'default',
			items: [{ binary: { data: { data: 'mem', fileName: 'm.txt', mimeType: 'text/plain' } } }],
		});
		expect(transformed.output[0][0].binary?.result.id).toBeUndefined();
		expect((await transformed.readBinary(0, 'result')).toString()).toBe('MEM');
	});

	it('fails like n8n when the binary property is missing', async () => {
		await expect(
			executeNode({
				nodeType: new HarnessFake(),
				parameters: { operation: 'inspect', binaryPropertyName: 'file' },
				items: [{ json: {}, binary: { data: { data: 'x', fileName: 'x.txt', mimeType: 'text/plain' } } }],
			}),
		).rejects.toThrow("The item has no binary field 'file' [item 0]");
	});
});

describe('executeNode: parameters, credentials, node', () => {
	it('resolves expressions against each item and fills in defaults', async () => {
		const { output } = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'echo', text: '={{ $json.name.toUpperCase() }}-{{ $itemIndex }}' },
			items: [{ json: { name: 'alpha' } }, { json: { name: 'beta' } }],
		});
		expect(output[0].map((item) => item.json.text)).toEqual(['ALPHA-0', 'BETA-1']);

		const defaults = await executeNode({ nodeType: new HarnessFake(), parameters: {} });
		expect(defaults.output[0][0].json.text).toBe('default-text');
	});

	it('exposes the node as saved in a workflow (type, name, version, mode)', async () => {
		const { output } = await executeNode({ nodeType: new HarnessFake(), parameters: { operation: 'echo' } });
		expect(output[0][0].json).toMatchObject({
			type: 'n8n-nodes-document-processing.harnessFake',
			name: 'Harness Fake',
			typeVersion: 2,
			mode: 'manual',
		});
		const v1 = await executeNode({ nodeType: new HarnessFake(), parameters: {}, typeVersion: 1, mode: 'trigger' });
		expect(v1.output[0][0].json).toMatchObject({ typeVersion: 1, mode: 'trigger' });
	});

	it('passes credentials to getCredentials', async () => {
		const { output } = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'credentials' },
			credentials,
		});
		expect(output[0][0].json).toEqual({ apiKey: 'key-123', baseUrl: 'http://127.0.0.1:9' });
	});

	it('fails like n8n when required credentials are not set', async () => {
		const error = await executeNode({ nodeType: new HarnessFake(), parameters: { operation: 'credentials' } }).catch(
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('Node does not have any credentials set');
	});

	it('persists node static data in the object passed in', async () => {
		const staticData: IDataObject = {};
		await executeNode({ nodeType: new HarnessFake(), parameters: { operation: 'count' }, staticData });
		const second = await executeNode({ nodeType: new HarnessFake(), parameters: { operation: 'count' }, staticData });
		expect(second.output[0][0].json.count).toBe(2);
		expect(staticData).toEqual({ count: 2 });
	});
});

describe('executeNode: errors and continueOnFail', () => {
	it('throws the NodeOperationError the node threw', async () => {
		const error = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'fail' },
			items: [{ json: {} }, { json: { bad: true } }],
		}).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe('Item 1 is bad');
	});

	it('throws the NodeApiError the node threw, with its HTTP code', async () => {
		const error = await executeNode({ nodeType: new HarnessFake(), parameters: { operation: 'apiError' } }).catch(
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('404');
		expect((error as NodeApiError).message).toBe('The job was not found');
	});

	it('yields error items when continueOnFail is set', async () => {
		const { output } = await executeNode({
			nodeType: new HarnessFake(),
			parameters: { operation: 'fail' },
			items: [{ json: {} }, { json: { bad: true } }, { json: {} }],
			continueOnFail: true,
		});
		expect(output[0].map((item) => item.json)).toEqual([{ ok: 0 }, { error: 'Item 1 is bad' }, { ok: 2 }]);
		expect(output[0][1].pairedItem).toEqual({ item: 1 });
	});
});

describe('executeNode: engine behaviour', () => {
	class RequiresJobId implements INodeType {
		description: INodeTypeDescription = {
			displayName: 'Requires Job ID',
			name: 'requiresJobId',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Requires Job ID' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			properties: [{ displayName: 'Job ID', name: 'jobId', type: 'string', required: true, default: '' }],
		};

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return [this.getInputData().map((_, i) => ({ json: { jobId: this.getNodeParameter('jobId', i) as string } }))];
		}
	}

	it('refuses a node with parameter issues before running it, as n8n does', async () => {
		await expect(executeNode({ nodeType: new RequiresJobId(), parameters: {} })).rejects.toThrow(
			'Parameter "Job ID" is required.',
		);
	});

	it('adds paired items the node left out and runs concurrent executions independently', async () => {
		const results = await Promise.all(
			['a', 'b', 'c'].map(async (jobId) => await executeNode({ nodeType: new RequiresJobId(), parameters: { jobId } })),
		);
		expect(results.map((r) => r.output[0][0])).toEqual([
			{ json: { jobId: 'a' }, pairedItem: { item: 0 } },
			{ json: { jobId: 'b' }, pairedItem: { item: 0 } },
			{ json: { jobId: 'c' }, pairedItem: { item: 0 } },
		]);
		expect(new Set(results.map((r) => r.executionId)).size).toBe(3);
	});
});

describe('hook and webhook contexts', () => {
	const webhookUrl = 'http://127.0.0.1:5678/webhook/test-hook';

	beforeEach(() => {
		remote.clear();
		hookLog = [];
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
