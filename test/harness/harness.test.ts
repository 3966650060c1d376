import { readFileSync } from 'node:fs';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { credentials, HarnessFake } from './fake-nodes';
import { binaryFilePath, executeNode, getHarnessPaths } from './index';

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
