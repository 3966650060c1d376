/**
 * The loader on what the service really sends (issue 50): chunks whose original elements are
 * base64 of zlib data (the emulator's default, as the service's library writes them) or gzip,
 * parent ids, section titles whose heading came in an earlier item, stable document and chunk
 * ids, and answers built to hurt (issue 49 rows 5 and 6, through the emulator's fault `body`).
 * Through n8n-core's execution helpers, under the store probe.
 */
import { createHash } from 'node:crypto';
import { NodeOperationError } from 'n8n-workflow';
import { MAX_FILE_BYTES } from '../../../nodes/DocumentProcessing/helpers/binaries';
import { MAX_VALUE_CHARS } from '../../../nodes/DocumentProcessing/loader/flatMetadata';
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { executeNode, type HarnessItem } from '../../harness';
import { failure, startTestService, textFile, type TestService } from '../support/service';
import { bombChunks, crowdedChunk } from './hostileOriginals';
import { N8nBinaryLoader, processDocument, StoreProbe } from './storeProbe';

const mockCache: Record<string, unknown> = {
	'/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/n8n-binary-loader.js': { exports: { N8nBinaryLoader } },
	'/n8n/node_modules/@n8n/ai-utilities/dist/cjs/utils/vector-store/processDocuments.js': { exports: { processDocument } },
};
jest.mock('../../../nodes/DocumentProcessing/loader/hostLoader', () => ({
	...jest.requireActual('../../../nodes/DocumentProcessing/loader/hostLoader'),
	hostModuleCache: () => mockCache,
}));

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => await service.stop());
beforeEach(async () => await service.control('reset', { body: {} }));

type Metadata = Record<string, unknown>;
const run = async (parameters: Record<string, unknown>, items: HarnessItem[]) =>
	// Partitioning is not shown (n8n drops it) when the items are elements already.
	await executeNode({ nodeType: new StoreProbe(), parameters: { ...(parameters.inputSource === 'elements' ? {} : { partitionStrategy: 'fast' }), ...parameters }, items, credentials: service.credentials });
const stored = async (parameters: Record<string, unknown>, items: HarnessItem[]): Promise<Array<{ pageContent: string; metadata: Metadata }>> =>
	((await run(parameters, items)).output[0] ?? []).map((item) => item.json as { pageContent: string; metadata: Metadata });
const pdfItem = (bytes: Uint8Array, fileName = 'terms.pdf'): HarnessItem => ({ binary: { data: { data: Buffer.from(bytes), fileName, mimeType: 'application/pdf' } } });
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** A section over three pages, then one on a page of its own. */
const SECTIONS = [{ title: 'Refund Policy', lines: ['Refunds within 30 days.'] }, { lines: ['Keep the receipt.'] }, { lines: ['Cards are refunded in five days.'] }, { title: 'Shipping', lines: ['Parcels leave at noon.'] }];

describe('the loader on the service’s original elements', () => {
	it.each(['zlib', 'gzip'] as const)('reads %s originals: page ranges, element types and section titles of each chunk', async (encoding) => {
		if (encoding === 'gzip') await service.control('config', { body: { orig_elements_encoding: 'gzip' } });
		// Sent whole: a split PDF's chunk never spans two page ranges.
		const docs = await stored({ options: { combineUnderNChars: 0, pdfSplitting: 'whole' } }, [pdfItem(await makePdf(SECTIONS))]);
		expect(docs.map((doc) => [doc.metadata.page_range, doc.metadata.last_page_number, doc.metadata.section_title, doc.metadata.element_types])).toEqual([
			['1-3', 3, 'Refund Policy', 'Title, NarrativeText'],
			['4', 4, 'Shipping', 'Title, NarrativeText'],
		]);
		expect(docs.every((doc) => !('orig_elements_skipped' in doc.metadata))).toBe(true);
	});

	it('stores parent_id: the chunk’s first element’s parent, the section’s heading', async () => {
		await service.control('config', { body: { orig_elements_encoding: 'gzip' } });
		const long = (word: string) => `${word} `.repeat(40).trim();
		const markdown = textFile('policy.md', `# Policy\n\n${long('first')}\n\n${long('second')}\n`, 'text/markdown');
		const docs = await stored({}, [{ binary: { data: markdown } }]);
		expect(docs).toHaveLength(2);
		// The second chunk starts with a paragraph under the heading: its parent is the Title (the emulator's ids are SHA-256 of the text).
		expect(docs[1]?.metadata).toMatchObject({ parent_id: sha256('Policy'), section_title: 'Policy' });
		expect(docs[0]?.metadata).not.toHaveProperty('parent_id');
	});

	it('finds the section title of an element whose heading came in an earlier item (element input, one element per item)', async () => {
		const element = (type: string, id: string, text: string, parent?: string) => ({ json: { type, element_id: id, text, metadata: { filename: 'guide.pdf', page_number: 2, ...(parent ? { parent_id: parent } : {}) } } });
		const docs = await stored({ inputSource: 'elements' }, [element('Title', 't1', 'Returns'), element('NarrativeText', 'n1', 'Bring the receipt.', 't1'), element('NarrativeText', 'n2', 'Within 30 days.', 't1')]);
		expect(docs.map((doc) => [doc.metadata.section_title, doc.metadata.parent_id, doc.metadata.chunk_index])).toEqual([
			['Returns', undefined, 0],
			['Returns', 't1', 1],
			['Returns', 't1', 2],
		]);
	});

	it('gives every document its file’s SHA-256 as document_id, and chunk_id = document_id:chunk_index', async () => {
		const pdf = await makePdf(SECTIONS);
		const docs = await stored({ options: { combineUnderNChars: 0, pdfSplitting: 'whole' } }, [pdfItem(pdf)]);
		expect(docs.map((doc) => [doc.metadata.document_id, doc.metadata.chunk_id])).toEqual([
			[sha256(pdf), `${sha256(pdf)}:0`],
			[sha256(pdf), `${sha256(pdf)}:1`],
		]);
		// The same bytes under another name: the same id (what a Crypto node's SHA256 of the binary gives).
		const again = await stored({ options: { pdfSplitting: 'whole' } }, [pdfItem(pdf, 'copy.pdf')]);
		expect(again[0]?.metadata.document_id).toBe(sha256(pdf));
	});

	it('refuses a file over the action node’s size limit before sending anything', async () => {
		const big: HarnessItem = { binary: { data: { data: Buffer.alloc(MAX_FILE_BYTES + 1, 0x20), fileName: 'huge.txt', mimeType: 'text/plain' } } };
		const error = await failure(run({}, [big]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/over the service's 50 MB limit.*huge\.txt/);
		expect(await service.requests('/general/v0/general')).toHaveLength(0);
	});

	it('cuts a long metadata value on a character boundary: never half an emoji', async () => {
		const value = `${'a'.repeat(MAX_VALUE_CHARS - 2)}😀 and more`;
		const docs = await stored({ options: { metadata: { values: [{ key: 'note', value }] } } }, [{ binary: { data: textFile('a.md', '# A\n\nText.', 'text/markdown') } }]);
		const note = String(docs[0]?.metadata.note);
		expect(note).toBe(`${'a'.repeat(MAX_VALUE_CHARS - 2)}…`);
		// No lone surrogate anywhere.
		expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(note)).toBe(false);
	});
});

describe('hostile original elements (issue 49, rows 5 and 6)', () => {
	const hostileAnswer = async (body: unknown): Promise<void> => {
		await service.control('faults', { body: { method: 'POST', path: '/general/v0/general', body } });
	};
	const oneItem = (): HarnessItem[] => [{ binary: { data: textFile('hostile.md', '# Any file\n\nText.', 'text/markdown') } }];

	it('64 chunks each inflating to 4 MiB: every chunk stored, the originals read up to the file’s bound, the rest say why', async () => {
		await hostileAnswer(bombChunks());
		const docs = await stored({}, oneItem());
		expect(docs).toHaveLength(64);
		const read = docs.filter((doc) => doc.metadata.orig_elements_skipped === undefined);
		const skipped = docs.filter((doc) => doc.metadata.orig_elements_skipped !== undefined);
		// 64 MiB of inflated originals per file: 16 chunks of just under 4 MiB, the 17th stopped at the bound.
		expect(read).toHaveLength(16);
		expect(read[0]?.metadata).toMatchObject({ page_range: '1', element_types: 'NarrativeText' });
		expect(new Set(skipped.map((doc) => doc.metadata.orig_elements_skipped))).toEqual(new Set(["the file's original elements passed 64 MiB inflated, the loader's bound per file"]));
		for (const doc of skipped) {
			expect(doc.metadata).toMatchObject({ page_number: 1, element_type: 'CompositeElement' });
			for (const key of ['page_range', 'last_page_number', 'element_types', 'section_title', 'parent_id']) expect(doc.metadata).not.toHaveProperty(key);
		}
	});

	it('one chunk of 135,300 originals: stored, its document says why its originals were not read (no stack overflow)', async () => {
		await hostileAnswer(crowdedChunk());
		const docs = await stored({}, oneItem());
		expect(docs).toHaveLength(1);
		expect(docs[0]?.metadata).toMatchObject({ page_number: 1, orig_elements_skipped: "orig_elements holds 135,300 elements, over the loader's bound of 10,000 per chunk" });
	});
});
