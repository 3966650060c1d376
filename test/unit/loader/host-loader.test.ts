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
	it('finds n8n 2.x’s and 1.x’s loader class in a module cache, and nothing where there is none', () => {
		expect(findHostLoaderClass({ '/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader } } })).toBe(N8nBinaryLoader);
		expect(findHostLoaderClass({ '/n8n/node_modules/@n8n/n8n-nodes-langchain/dist/utils/N8nBinaryLoader.js': { exports: { N8nBinaryLoader } } })).toBe(N8nBinaryLoader);
		expect(findHostLoaderClass({ '/x/other.js': { exports: { N8nBinaryLoader } }, '/x/n8n-binary-loader.js': { exports: {} } })).toBeUndefined();
	});

	it('picks the copy beside the loaded processDocuments module when several are loaded', () => {
		const cache = {
			'/a/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader: OtherCopy } },
			'/b/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader } },
			'/b/node_modules/@n8n/ai-utilities/dist/cjs/utils/vector-store/processDocuments.js': { exports: {} },
		};
		expect(findHostLoaderClass(cache)).toBe(N8nBinaryLoader);
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
