/**
 * Real n8n (issue 45): the Document Processing Loader under n8n's In-Memory Vector Store insert,
 * three items (two PDFs with headed sections over several pages, one Markdown file with a table),
 * embeddings from the scripted OpenAI-compatible server, then a retrieval. Every chunk is
 * inserted once (n8n asks the loader item by item), its metadata is flat and its page numbers
 * are those of the text, and the question about the table finds the whole table. Issue 50: with
 * the chunks' original elements as the service writes them (zlib, the emulator's default) a
 * 60-page PDF's chunks carry their page ranges, a chunk that starts inside a section carries its
 * parent_id, and Partition File's elements (one item each) find their section title in an earlier item.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { makePdf } from '../emulator/test-support/pdf-fixtures';
import type { LoggedRequest } from '../emulator/request-log';
import { startScriptedModel, type ScriptedModel } from './lib/scripted-model';
import { loadWorkflow, nodeOutputJson, nodeRuns, useE2eSuite } from './n8n';

const TABLE_ROWS = ['| Class | Allowed |', '| --- | --- |', '| Second | always |', '| First | journeys over four hours |'];
const HANDBOOK = ['# Travel Handbook', '', 'Book trains for trips under 600 km.', '', ...TABLE_ROWS, '', '## Hotels', '', 'Hotels are booked through the travel desk.', ''].join('\n');

/** Which page each sentence is on, per PDF. */
const PAGES: Record<string, Array<[string, number]>> = {
	'refunds.pdf': [
		['Customers may ask for a refund within 30 days of delivery.', 1],
		['Parcels leave the warehouse every weekday at noon.', 2],
		['Express parcels arrive the next morning.', 3],
	],
	'security.pdf': [
		['Passwords are rotated every ninety days.', 1],
		['Laptops are encrypted before they leave the office.', 2],
	],
};

interface StoredDocument {
	pageContent: string;
	metadata: Record<string, unknown>;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** 60 pages, a section every 6: each section is one chunk (combineUnderNChars 0) and the 5 page ranges of 12 pages split none. */
const SIXTY_PAGES = Array.from({ length: 60 }, (_, page) => ({
	...(page % 6 === 0 ? { title: `Section ${page / 6 + 1}` } : {}),
	lines: [`Page ${page + 1} of the long report.`],
}));

describe('real n8n: Document Processing Loader into a vector store', () => {
	const suite = useE2eSuite({ label: 'loader' });
	let model: ScriptedModel;
	let openAi: { id: string; name: string };
	let credential: { id: string; name: string };
	beforeAll(async () => {
		model = await startScriptedModel(() => ({ content: 'unused' }));
		credential = await suite.importEmulatorCredential();
		openAi = await suite.e2e.importCredential({ name: 'Scripted embeddings', type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.baseUrl } });
	}, 5 * 60_000);
	afterAll(async () => await model?.close());

	const folderWith = (files: Record<string, string | Uint8Array>): string => {
		const folder = path.join(suite.filesDir, `loader-${randomUUID().slice(0, 8)}`);
		fs.mkdirSync(folder, { recursive: true });
		for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), content);
		return folder;
	};
	/** A workflow's placeholders: the folder's files, a store key of its own, the question, the credentials. */
	const workflowVars = (folder: string, question: string) => ({
		FILES_GLOB: `${folder}/*`,
		MEMORY_KEY: `loader-e2e-${randomUUID()}`,
		QUESTION: question,
		CREDENTIAL_ID: credential.id,
		CREDENTIAL_NAME: credential.name,
		OPENAI_CREDENTIAL_ID: openAi.id,
		OPENAI_CREDENTIAL_NAME: openAi.name,
	});
	const runWorkflow = async (file: string, folder: string) => {
		const run = await suite.e2e.execute(await suite.e2e.importWorkflow(loadWorkflow(file, workflowVars(folder, 'Which page is the report on?'))));
		expect(run.status).toBe('success');
		return nodeOutputJson(run.data, 'Insert') as unknown as StoredDocument[];
	};

	it('with zlib originals: a 60-page PDF’s chunks carry their page ranges (1-6, 7-12, …), a chunk inside a section its parent_id', async () => {
		const long = (word: string) => `${word} `.repeat(40).trim();
		const folder = folderWith({ 'report.pdf': await makePdf(SIXTY_PAGES), 'policy.md': `# Policy\n\n${long('first')}\n\n${long('second')}\n` });
		const inserted = await runWorkflow('loader-vector-store.json', folder);
		const report = inserted.filter((doc) => doc.metadata.file_name === 'report.pdf');
		expect(report.map((doc) => [doc.metadata.page_range, doc.metadata.section_title])).toEqual(
			Array.from({ length: 10 }, (_, section) => [`${section * 6 + 1}-${section * 6 + 6}`, `Section ${section + 1}`]),
		);
		expect(report.map((doc) => doc.metadata.last_page_number)).toEqual(Array.from({ length: 10 }, (_, section) => section * 6 + 6));
		expect(new Set(report.map((doc) => doc.metadata.element_types))).toEqual(new Set(['Title, NarrativeText']));
		// The policy's second chunk starts with a paragraph under its heading (the emulator's ids: SHA-256 of the text).
		const policy = inserted.filter((doc) => doc.metadata.file_name === 'policy.md');
		expect(policy.map((doc) => [doc.metadata.parent_id, doc.metadata.section_title])).toEqual([
			[undefined, 'Policy'],
			[sha256('Policy'), 'Policy'],
		]);
		expect(inserted.every((doc) => doc.metadata.orig_elements_skipped === undefined)).toBe(true);
	}, 5 * 60_000);

	it('Partition File’s elements, one item each: every element under a heading finds its section title in an earlier item', async () => {
		const guide = ['# Guide', '', 'Read this first.', '', '# Returns', '', 'Bring the receipt.', '', 'Within 30 days.', '', '# Repairs', '', 'Two years of cover.', ''].join('\n');
		const inserted = await runWorkflow('loader-elements-vector-store.json', folderWith({ 'guide.md': guide }));
		expect(inserted.map((doc) => [doc.pageContent, doc.metadata.section_title, doc.metadata.parent_id ?? null, doc.metadata.chunk_index])).toEqual([
			['Guide', 'Guide', null, 0],
			['Read this first.', 'Guide', sha256('Guide'), 1],
			['Returns', 'Returns', null, 2],
			['Bring the receipt.', 'Returns', sha256('Returns'), 3],
			['Within 30 days.', 'Returns', sha256('Returns'), 4],
			['Repairs', 'Repairs', null, 5],
			['Two years of cover.', 'Repairs', sha256('Repairs'), 6],
		]);
		// One file, one id, over all its items: SHA-256 of its name (element input has no bytes at hand).
		expect(new Set(inserted.map((doc) => doc.metadata.document_id))).toEqual(new Set([sha256('guide.md')]));
	}, 5 * 60_000);

	it('inserts every chunk of three items once, with flat metadata and page numbers, and finds the table whole', async () => {
		const { e2e, client, filesDir } = suite;
		const folder = path.join(filesDir, `loader-${randomUUID().slice(0, 8)}`);
		fs.mkdirSync(folder, { recursive: true });
		fs.writeFileSync(path.join(folder, 'refunds.pdf'), await makePdf([{ title: 'Refund Policy', lines: [PAGES['refunds.pdf'][0][0]] }, { title: 'Shipping', lines: [PAGES['refunds.pdf'][1][0]] }, { lines: [PAGES['refunds.pdf'][2][0]] }]));
		fs.writeFileSync(path.join(folder, 'security.pdf'), await makePdf([{ title: 'Passwords', lines: [PAGES['security.pdf'][0][0]] }, { title: 'Devices', lines: [PAGES['security.pdf'][1][0]] }]));
		fs.writeFileSync(path.join(folder, 'travel.md'), HANDBOOK);

		await client.control('/requests', 'DELETE');
		const embeddedBefore = model.embeddingRequests.length;
		const workflowId = await e2e.importWorkflow(loadWorkflow('loader-vector-store.json', workflowVars(folder, 'Which class is allowed on journeys over four hours?')));
		const run = await e2e.execute(workflowId);
		expect(run.status).toBe('success');

		// n8n asked the loader once per item, each run paired to its item.
		const loaderRuns = nodeRuns(run.data, 'Document Processing Loader') as Array<{ data?: { ai_document?: Array<Array<{ json: { response: StoredDocument[] }; pairedItem?: { item: number } }>> } }>;
		expect(loaderRuns).toHaveLength(3);
		const perItem = loaderRuns.map((loaderRun) => loaderRun.data?.ai_document?.[0]?.[0]);
		expect(perItem.map((entry) => entry?.pairedItem?.item)).toEqual([0, 1, 2]);
		const handed = perItem.flatMap((entry) => entry?.json.response ?? []);

		// Every chunk inserted once: the store's output is exactly what the loader handed over, no repeats.
		const inserted = nodeOutputJson(run.data, 'Insert') as unknown as StoredDocument[];
		expect(inserted).toHaveLength(handed.length);
		const keys = inserted.map((doc) => `${String(doc.metadata.file_name)}#${String(doc.metadata.chunk_index)}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(new Set(inserted.map((doc) => doc.metadata.file_name))).toEqual(new Set(['refunds.pdf', 'security.pdf', 'travel.md']));
		const embedded = model.embeddingRequests.slice(embeddedBefore).flatMap((request) => (Array.isArray(request.input) ? request.input : [request.input]));
		// OpenAI's client sends line breaks as spaces.
		const asEmbedded = (text: string): string => text.replace(/\n/g, ' ');
		expect(embedded.filter((text) => text !== 'Which class is allowed on journeys over four hours?').sort()).toEqual(inserted.map((doc) => asEmbedded(doc.pageContent)).sort());

		// Metadata flat, with the file, page, section, item and the user's key.
		for (const doc of inserted) {
			expect(Object.values(doc.metadata).every((value) => ['string', 'number', 'boolean'].includes(typeof value))).toBe(true);
			expect(doc.metadata).toMatchObject({ collection: 'handbooks', element_type: expect.any(String), element_id: expect.any(String), page_number: expect.any(Number) });
		}
		for (const [file, sentences] of Object.entries(PAGES)) {
			for (const [sentence, page] of sentences) {
				const chunk = inserted.find((doc) => doc.metadata.file_name === file && doc.pageContent.includes(sentence));
				const first = Number(chunk?.metadata.page_number);
				const last = Number(chunk?.metadata.last_page_number);
				expect({ sentence, within: first <= page && page <= last }).toEqual({ sentence, within: true });
			}
		}
		// The Shipping section runs from page 2 onto page 3: one chunk, its page range says so.
		const shipping = inserted.find((doc) => doc.pageContent.startsWith('Shipping'));
		expect(shipping?.metadata).toMatchObject({ page_number: 2, last_page_number: 3, page_range: '2-3', section_title: 'Shipping' });
		const refund = inserted.find((doc) => doc.pageContent.includes('refund within 30 days'));
		expect(refund?.metadata).toMatchObject({ section_title: 'Refund Policy', item_index: 0 });

		// One partition request per file (none repeated for another item).
		const { body } = await client.control<{ requests: LoggedRequest[] }>('/requests');
		const partitions = body.requests.filter((request) => request.path === '/general/v0/general');
		expect(partitions.map((request) => request.files[0]?.filename).filter((name) => name === 'travel.md')).toHaveLength(1);

		// The question about the table finds the table's chunk, whole.
		const [best] = nodeOutputJson(run.data, 'Find Passages') as Array<{ document: StoredDocument }>;
		expect(best.document.metadata).toMatchObject({ file_name: 'travel.md', element_type: 'Table', section_title: 'Travel Handbook' });
		expect(best.document.pageContent).toBe('Class Allowed Second always First journeys over four hours');
		expect(JSON.stringify(run.data)).not.toContain(suite.apiKey);
	}, 5 * 60_000);
});
