import type { INodeExecutionData } from 'n8n-workflow';
import { findHostLoaderClass, perItemLoader } from '../../../nodes/DocumentProcessing/loader/hostLoader';

/** Stand-ins for n8n's loader class: the vector store's check is `instanceof` against it. */
class N8nBinaryLoader {
	constructor() {
		throw new Error('the host constructor must not run');
	}
	async processItem(): Promise<unknown[]> {
		return await Promise.reject(new Error('the host method must not run'));
	}
}
class OtherCopy {
	async processItem(): Promise<unknown[]> {
		return [];
	}
}

describe('the per-item loader contract', () => {
	/** n8n's check (processDocument in @n8n/ai-utilities 2.x and @n8n/n8n-nodes-langchain 1.x), against one class. */
	const checkAgainst = (loaderClass: abstract new () => object) => ({
		exports: {
			processDocument: async (input: { processItem(): Promise<unknown[]> } | unknown[], item: INodeExecutionData, index: number) => {
				const documents = input instanceof loaderClass ? await (input as { processItem(item: INodeExecutionData, index: number): Promise<unknown[]> }).processItem(item, index) : (input as unknown[]);
				return documents.map((document) => document);
			},
		},
	});
	const V2_LOADER = '/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js';
	const V2_CHECK = '/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/vector-store/processDocuments.js';
	const V1_LOADER = '/n8n/node_modules/@n8n/n8n-nodes-langchain/dist/utils/N8nBinaryLoader.js';
	const V1_CHECK = '/n8n/node_modules/@n8n/n8n-nodes-langchain/dist/nodes/vector_store/shared/processDocuments.js';

	it('finds n8n 2.x’s and 1.x’s loader class once their check is seen to ask it per item, and nothing otherwise', async () => {
		expect(await findHostLoaderClass({ [V2_LOADER]: { exports: { N8nBinaryLoader } }, [V2_CHECK]: checkAgainst(N8nBinaryLoader) })).toBe(N8nBinaryLoader);
		expect(await findHostLoaderClass({ [V1_LOADER]: { exports: { N8nBinaryLoader } }, [V1_CHECK]: checkAgainst(N8nBinaryLoader) })).toBe(N8nBinaryLoader);
		// No check loaded, or a check that does not answer to the class found: no link.
		expect(await findHostLoaderClass({ [V2_LOADER]: { exports: { N8nBinaryLoader } } })).toBeUndefined();
		expect(await findHostLoaderClass({ [V2_LOADER]: { exports: { N8nBinaryLoader: OtherCopy } }, [V2_CHECK]: checkAgainst(N8nBinaryLoader) })).toBeUndefined();
		expect(await findHostLoaderClass({ '/x/other.js': { exports: { N8nBinaryLoader } }, [V2_CHECK]: checkAgainst(N8nBinaryLoader) })).toBeUndefined();
	});

	it('picks the copy n8n’s check answers to when several are loaded, wherever it lies', async () => {
		const cache = {
			'/b/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader: OtherCopy } },
			'/a/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader } },
			'/b/node_modules/@n8n/ai-utilities/dist/cjs/utils/vector-store/processDocuments.js': checkAgainst(N8nBinaryLoader),
		};
		expect(await findHostLoaderClass(cache)).toBe(N8nBinaryLoader);
	});

	it('passes the store’s instanceof check with its own methods: each item’s documents once', async () => {
		const asked: number[] = [];
		const loader = perItemLoader(async (_item, index) => {
			asked.push(index);
			return [{ pageContent: `item ${index}`, metadata: { item_index: index } }];
		}, N8nBinaryLoader);
		expect(loader).toBeInstanceOf(N8nBinaryLoader);
		const items: INodeExecutionData[] = [{ json: {} }, { json: {} }, { json: {} }];
		const perItem = [];
		for (let index = 0; index < items.length; index++) perItem.push(...(await loader.processItem(items[index] as INodeExecutionData, index)));
		expect(perItem.map((doc) => doc.pageContent)).toEqual(['item 0', 'item 1', 'item 2']);
		expect((await loader.processAll(items)).map((doc) => doc.metadata.item_index)).toEqual([0, 1, 2]);
		expect(asked).toEqual([0, 1, 2, 0, 1, 2]);
	});
});
