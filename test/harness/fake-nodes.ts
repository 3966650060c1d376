/** Fake node types for the harness's own tests: an action node and a trigger with webhook methods. */
import { createHmac } from 'node:crypto';
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

// ---------------------------------------------------------------------------------------
// A tiny action node exercising the helpers our real nodes use.
// ---------------------------------------------------------------------------------------

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
	return Buffer.concat(chunks);
}

export class HarnessFake implements INodeType {
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

export const remote = new Map<string, { url: string; secret: string; apiKey: string }>();
export const hookLog: Array<{ method: string; mode: string; activation: string; url: string | undefined }> = [];

export class HarnessTrigger implements INodeType {
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

export const credentials = { harnessApi: { apiKey: 'key-123', baseUrl: 'http://127.0.0.1:9' } };
