/**
 * examples/document-vector-store-pgvector.json against a real Postgres with pgvector (PGlite on
 * loopback, test/e2e/lib/pgvector.ts), through n8n's own PGVector Vector Store node (issue 50):
 * a document added on the form, then added again, leaves one set of chunks (its SHA-256 from the
 * Crypto node is the loader's `document_id`, and the Postgres node deletes by it before the
 * insert); the example's chain with Read Files in place of the form inserts three items at once,
 * twice, and still holds each file's chunks once; a metadata filter on `file_name` and on
 * `page_number` returns exactly those chunks; every stored metadata value is a JSON scalar under
 * a documented key.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import { startPgvector, type Pgvector } from '../lib/pgvector';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../n8n';
import { EXAMPLE_CREDENTIALS, exampleNode, formUrl, importExample, readExample, type ExampleNode, type ExampleWorkflow } from './example-import';
import type { ExamplesContext } from './examples-context';
import { pageShows, submitForm } from './form-page';

const FILE = 'document-vector-store-pgvector.json';
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Every key the loader stores (docs/vector-stores-and-agents.md), for documents made without Options. */
const DOCUMENTED_KEYS = new Set([
	'file_name',
	'file_type',
	'page_number',
	'last_page_number',
	'page_range',
	'element_type',
	'element_types',
	'element_id',
	'parent_id',
	'section_title',
	'chunk_index',
	'document_id',
	'chunk_id',
	'languages',
	'item_index',
]);

interface Row {
	text: string;
	metadata: Record<string, unknown>;
}

/** The example's chain after its form, started by hand and fed by Read Files (the files in the field the form fills). */
function threeItemWorkflow(example: ExampleWorkflow, glob: string): ExampleWorkflow {
	const chain = ['Fingerprint the File', 'Remove Its Old Chunks', 'Then the File', 'Insert into the Store', 'Document Processing Loader', 'Embeddings for Documents'];
	const start: ExampleNode = { id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
	const read: ExampleNode = { id: randomUUID(), name: 'Read Files', type: 'n8n-nodes-base.readWriteFile', typeVersion: 1.1, parameters: { operation: 'read', fileSelector: glob, options: { dataPropertyName: 'Document' } } };
	const connections = { ...(example.connections as Record<string, unknown>) };
	const fileTargets = (connections['Check the File'] as { main: unknown[][] }).main[0];
	for (const name of ['Add a Document', 'Check the File', 'Insert into the Store', 'Ask a Question', 'Find Passages', 'Embeddings for Questions']) delete connections[name];
	return {
		name: `PGVector: three items through the example's chain ${randomUUID().slice(0, 8)}`,
		nodes: [start, read, ...chain.map((name) => exampleNode(example, name))].map((node) => ({ ...node, position: [0, 0] })),
		connections: { ...connections, Start: { main: [[{ node: 'Read Files', type: 'main', index: 0 }]] }, 'Read Files': { main: [fileTargets] } },
		settings: { executionOrder: 'v1' },
	};
}

/** The example's Find Passages, started by hand with a question and a metadata filter. */
function searchWorkflow(example: ExampleWorkflow, question: string, filter: Record<string, string>): ExampleWorkflow {
	const find = exampleNode(example, 'Find Passages');
	const start: ExampleNode = { id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
	const metadataValues = Object.entries(filter).map(([name, value]) => ({ name, value }));
	return {
		name: `PGVector: filtered search ${randomUUID().slice(0, 8)}`,
		nodes: [start, { ...find, parameters: { ...find.parameters, prompt: question, topK: 20, options: { metadata: { metadataValues } } } }, exampleNode(example, 'Embeddings for Questions')].map((node) => ({ ...node, position: [0, 0] })),
		connections: { Start: { main: [[{ node: 'Find Passages', type: 'main', index: 0 }]] }, 'Embeddings for Questions': (example.connections as Record<string, unknown>)['Embeddings for Questions'] },
		settings: { executionOrder: 'v1' },
	};
}

export function pgvectorExample(context: () => ExamplesContext): void {
	describe('Into Postgres (PGVector), added again without doubling', () => {
		let pg: Pgvector;
		beforeAll(async () => {
			pg = await startPgvector();
			await context().suite.e2e.importCredential({ name: EXAMPLE_CREDENTIALS.postgres, type: 'postgres', data: pg.credential });
		}, 120_000);
		afterAll(async () => await pg?.close());

		const rows = async (): Promise<Row[]> => await pg.query<Row>("SELECT text, metadata FROM n8n_vectors ORDER BY metadata->>'document_id', (metadata->>'chunk_index')::int");
		const runManual = async (workflow: ExampleWorkflow) => {
			const { e2e } = context().suite;
			const saved = await e2e.rest.request<{ id: string }>('POST', '/rest/workflows', workflow);
			const run = await e2e.execute(saved.id);
			expect(run.status).toBe('success');
			return run;
		};

		it('a document added on the form, then again: stored once, the question finds its passage with its page', async () => {
			const { suite, browser } = context();
			const { e2e } = suite;
			const imported = await importExample(e2e.rest, FILE);
			await e2e.publish(imported.id);
			const addUrl = formUrl(e2e.n8n.url, imported.saved, 'Add a Document');
			const pdf = Buffer.from(await makePdf([{ title: 'Warranty', lines: ['Repairs are free for two years.'] }, { title: 'Returns', lines: ['Bring the receipt within 30 days.'] }]));
			const add = async (): Promise<void> => {
				const before = await maxExecutionId(e2e.userFolder);
				await submitForm(browser.page, addUrl, { files: [{ name: 'warranty.pdf', mimeType: 'application/pdf', buffer: pdf }] });
				await pageShows(browser.page, 'warranty.pdf is in the store');
				const [execution] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
				expect(execution.status).toBe('success');
			};
			await add();
			const first = (await rows()).filter((row) => row.metadata.document_id === sha256(pdf));
			expect(first.length).toBeGreaterThan(0);
			await add();
			const again = (await rows()).filter((row) => row.metadata.document_id === sha256(pdf));
			expect(again.map((row) => row.metadata.chunk_id)).toEqual(first.map((row) => row.metadata.chunk_id));

			const before = await maxExecutionId(e2e.userFolder);
			await submitForm(browser.page, formUrl(e2e.n8n.url, imported.saved, 'Ask a Question'), { text: 'How long are repairs free?' });
			expect(await pageShows(browser.page, 'Repairs are free for two years.')).toContain('(warranty.pdf, page 1-2)');
			const [asked] = await waitForExecutions(e2e.userFolder, { workflowId: imported.id, afterId: before, timeoutMs: 120_000 });
			expect(asked.status).toBe('success');
			await e2e.unpublish(imported.id);
		}, 5 * 60_000);

		it('three items at once, twice: each file’s chunks once; a filter on file_name and page_number returns exactly those; metadata flat, keys documented', async () => {
			const { suite } = context();
			const folder = path.join(suite.filesDir, `pgvector-${randomUUID().slice(0, 8)}`);
			fs.mkdirSync(folder, { recursive: true });
			// Sections of about 300 characters: two together pass Max Characters (500), so each page is a chunk of its own.
			const paragraph = (topic: string) => Array.from({ length: 5 }, (_, line) => `Line ${line + 1} about ${topic} says what the policy holds.`);
			const refunds = await makePdf([{ title: 'Refund Policy', lines: paragraph('refunds') }, { title: 'Card Refunds', lines: paragraph('cards') }, { title: 'Cash Refunds', lines: paragraph('cash') }]);
			fs.writeFileSync(path.join(folder, 'refunds.pdf'), refunds);
			fs.writeFileSync(path.join(folder, 'security.pdf'), await makePdf([{ title: 'Passwords', lines: ['Rotate them every ninety days.'] }, { title: 'Devices', lines: ['Laptops are encrypted.'] }]));
			fs.writeFileSync(path.join(folder, 'travel.md'), '# Travel\n\nBook trains for trips under 600 km.\n\n# Hotels\n\nThree nights at most.\n');
			const example = readExample(FILE);
			const insert = threeItemWorkflow(example, `${folder}/*`);
			const mine = (all: Row[]) => all.filter((row) => ['refunds.pdf', 'security.pdf', 'travel.md'].includes(String(row.metadata.file_name)));

			const run = await runManual(insert);
			const inserted = nodeOutputJson(run.data, 'Insert into the Store');
			const once = mine(await rows());
			expect(once).toHaveLength(inserted.length);
			expect(new Set(once.map((row) => row.metadata.file_name))).toEqual(new Set(['refunds.pdf', 'security.pdf', 'travel.md']));
			await runManual(insert);
			const twice = mine(await rows());
			expect(twice.map((row) => row.metadata.chunk_id)).toEqual(once.map((row) => row.metadata.chunk_id));

			// Flat JSON: every value a string, number or boolean, under a documented key.
			for (const row of twice) {
				expect(Object.values(row.metadata).every((value) => ['string', 'number', 'boolean'].includes(typeof value))).toBe(true);
				expect(Object.keys(row.metadata).filter((key) => !DOCUMENTED_KEYS.has(key))).toEqual([]);
			}
			expect(twice.find((row) => row.metadata.file_name === 'refunds.pdf')?.metadata).toMatchObject({ document_id: sha256(refunds), chunk_id: `${sha256(refunds)}:0`, page_number: 1, page_range: '1', section_title: 'Refund Policy' });

			const found = async (filter: Record<string, string>) => {
				const search = await runManual(searchWorkflow(example, 'refunds cards cash', filter));
				return nodeOutputJson(search.data, 'Find Passages').map((entry) => (entry.document as { metadata: Record<string, unknown> }).metadata);
			};
			const byFile = await found({ file_name: 'refunds.pdf' });
			expect(byFile.map((metadata) => metadata.chunk_id).sort()).toEqual(twice.filter((row) => row.metadata.file_name === 'refunds.pdf').map((row) => row.metadata.chunk_id).sort());
			const byPage = await found({ file_name: 'refunds.pdf', page_number: '2' });
			expect(byPage.map((metadata) => [metadata.file_name, metadata.page_number, metadata.section_title])).toEqual([['refunds.pdf', 2, 'Card Refunds']]);
		}, 5 * 60_000);
	});
}
