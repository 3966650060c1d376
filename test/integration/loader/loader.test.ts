/**
 * The Document Processing Loader through n8n-core's execution helpers (binary data on disk,
 * credentials, the emulator over HTTP), under a probe that asks for documents as n8n's vector
 * stores do (storeProbe.ts): each item's chunks once, paired; n8n's loader class found in the
 * module cache; errors naming the item and the file before any chunk of the item is handed over.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { executeNode, type HarnessItem } from '../../harness';
import { failure, startTestService, textFile, type TestService } from '../support/service';
import { N8nBinaryLoader, processDocument, StoreProbe } from './storeProbe';

const MODULE_PATH = '/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js';
const CHECK_PATH = '/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/vector-store/processDocuments.js';
// Jest gives each test file a module registry of its own, not Node's require.cache: the loader reads
// this stand-in instead (real n8n's cache is read by test/e2e/loader.e2e.test.ts).
const mockCache: Record<string, unknown> = {};
jest.mock('../../../nodes/DocumentProcessing/loader/hostLoader', () => ({
	...jest.requireActual('../../../nodes/DocumentProcessing/loader/hostLoader'),
	hostModuleCache: () => mockCache,
}));
const cache = mockCache;

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => await service.stop());
beforeEach(async () => await service.control('reset', { body: {} }));

const run = async (parameters: Record<string, unknown>, items: HarnessItem[]) =>
	// Partitioning is not shown (n8n drops it) when the items are elements already.
	await executeNode({ nodeType: new StoreProbe(), parameters: { ...(parameters.inputSource === 'elements' ? {} : { partitionStrategy: 'fast' }), ...parameters }, items, credentials: service.credentials });

const markdown = (name: string, title: string): HarnessItem => ({ binary: { data: textFile(name, `# ${title}\n\nThe ${title.toLowerCase()} section says something useful.\n`, 'text/markdown') } });

describe('Document Processing Loader under a vector store', () => {
	describe('with n8n’s loader class loaded', () => {
		beforeAll(() => {
			cache[MODULE_PATH] = { id: MODULE_PATH, filename: MODULE_PATH, loaded: true, exports: { N8nBinaryLoader } };
			cache[CHECK_PATH] = { id: CHECK_PATH, filename: CHECK_PATH, loaded: true, exports: { processDocument } };
		});
		afterAll(() => {
			delete cache[MODULE_PATH];
			delete cache[CHECK_PATH];
		});

		it('hands each item’s chunks over once, paired, whatever the number of items', async () => {
			const pdf = Buffer.from(await makePdf([{ title: 'Refunds', lines: ['Refunds within 30 days.'] }, { title: 'Shipping', lines: ['Parcels leave at noon.'] }]));
			const result = await run({ options: { combineUnderNChars: 0 } }, [markdown('a.md', 'Alpha'), { binary: { data: { data: pdf, fileName: 'terms.pdf', mimeType: 'application/pdf' } } }, markdown('c.md', 'Gamma')]);
			const inserted = result.output[0] ?? [];
			expect(inserted.map((item) => [item.pairedItem, item.json.metadata && (item.json.metadata as Record<string, unknown>).file_name])).toEqual([
				[{ item: 0 }, 'a.md'],
				[{ item: 1 }, 'terms.pdf'],
				[{ item: 1 }, 'terms.pdf'],
				[{ item: 2 }, 'c.md'],
			]);
			expect(inserted.map((item) => (item.json.metadata as Record<string, unknown>).page_range)).toEqual(['1', '1', '2', '1']);
			expect((await service.requests('/general/v0/general')).map((request) => request.fields.chunking_strategy)).toEqual(['by_title', 'by_title', 'by_title']);
		});

		it('fails an item whose second file the service refuses, naming item and file, before handing over its first file’s chunks', async () => {
			const item: HarnessItem = { binary: { data: textFile('ok.md', '# Fine\n\nText.', 'text/markdown'), other: { data: Buffer.from([0, 1, 2, 3]), fileName: 'blob.bin', mimeType: 'application/octet-stream' } } };
			const error = await failure(run({}, [item]));
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toMatch(/^Item 0(, file "blob\.bin"|: File "blob\.bin")/);
			expect(JSON.stringify(error)).not.toContain(service.credentials.documentProcessingApi?.apiKey as string);
		});

		it('names a missing binary field and an empty file before sending anything', async () => {
			const missing = await failure(run({ inputSource: 'binary', binaryPropertyName: 'file' }, [markdown('a.md', 'Alpha')]));
			expect(missing).toBeInstanceOf(NodeOperationError);
			expect(missing.message).toBe('Item 0: no binary field "file"');
			const empty = await failure(run({}, [markdown('a.md', 'Alpha'), { binary: { data: textFile('empty.txt', '') } }]));
			expect(empty.message).toMatch(/item 1.*empty\.txt/i);
			expect(await service.requests('/general/v0/general')).toHaveLength(1);
		});

		it('refuses a prototype key in Metadata', async () => {
			const error = await failure(run({ options: { metadata: { values: [{ key: '__proto__', value: 'x' }] } } }, [markdown('a.md', 'Alpha')]));
			expect(error.message).toBe('Item 0: "__proto__" cannot be a metadata key');
		});

		it('stores element items of this package without a request', async () => {
			const element = { type: 'NarrativeText', element_id: 'e1', text: 'Stored already.', metadata: { filename: 'old.pdf', page_number: 4, languages: ['eng'] } };
			const result = await run({ inputSource: 'elements' }, [{ json: element }, { json: { job_id: 'j1', input_file_name: 'x.pdf', elements: [element, { ...element, element_id: 'e2' }] } }]);
			expect((result.output[0] ?? []).map((item) => item.json.metadata)).toEqual([
				expect.objectContaining({ file_name: 'old.pdf', page_number: 4, item_index: 0, chunk_index: 0 }),
				expect.objectContaining({ file_name: 'x.pdf', job_id: 'j1', item_index: 1, chunk_index: 0 }),
				expect.objectContaining({ file_name: 'x.pdf', item_index: 1, chunk_index: 1 }),
			]);
			expect(await service.requests('/general/v0/general')).toHaveLength(0);
		});
	});

	describe('with a loader class n8n’s check does not answer to', () => {
		/** Another copy of the class (e.g. a second @n8n/ai-utilities): linking to it would fail the store's instanceof. */
		class OtherCopy {
			async processItem(): Promise<unknown[]> {
				return await Promise.reject(new Error('the host class must never run'));
			}
		}
		beforeAll(() => {
			cache[MODULE_PATH] = { id: MODULE_PATH, filename: MODULE_PATH, loaded: true, exports: { N8nBinaryLoader: OtherCopy } };
			cache[CHECK_PATH] = { id: CHECK_PATH, filename: CHECK_PATH, loaded: true, exports: { processDocument } };
		});
		afterAll(() => {
			delete cache[MODULE_PATH];
			delete cache[CHECK_PATH];
		});

		it('refuses several items with the reason before any file is sent, instead of a broken insert later', async () => {
			const error = await failure(run({}, [markdown('a.md', 'Alpha'), markdown('b.md', 'Beta')]));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe('This n8n cannot ask the loader for each item’s documents');
			expect((error as NodeOperationError).description).toMatch(/could not link itself.*nothing was sent for its 2 items/);
			expect(await service.requests('/general/v0/general')).toHaveLength(0);
		});
	});

	describe('without n8n’s loader class', () => {
		it('answers one item with its documents, and refuses several rather than insert them once per item', async () => {
			const one = await run({}, [markdown('a.md', 'Alpha')]);
			expect((one.output[0] ?? []).map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
			const error = await failure(run({}, [markdown('a.md', 'Alpha'), markdown('b.md', 'Beta')]));
			expect(error.message).toBe('This n8n cannot ask the loader for each item’s documents');
		});
	});
});
