/**
 * The Document Processing Loader on a running n8n of any version: n8n's In-Memory Vector Store
 * inserts three items' files through it (embeddings from the scripted OpenAI-compatible server),
 * n8n asks the loader once per item, every chunk is inserted once with flat metadata, and the
 * retrieval finds the Markdown table whole. test/e2e/loader.e2e.test.ts holds the detailed checks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { makePdf } from '../emulator/test-support/pdf-fixtures';
import { loadWorkflow, nodeOutputJson, nodeRuns, type ExecutionResult, type WorkflowJson } from '../e2e/n8n';
import type { ScriptedModel } from '../e2e/lib/scripted-model';

const QUESTION = 'Which class is allowed on journeys over four hours?';
const TABLE = ['| Class | Allowed |', '| --- | --- |', '| Second | always |', '| First | journeys over four hours |'].join('\n');

/** The loader workflow over a folder of two PDFs and a Markdown file. */
export async function loaderWorkflow(folder: string, credential: { id: string; name: string }, openAi: { id: string; name: string }): Promise<WorkflowJson> {
	fs.mkdirSync(folder, { recursive: true });
	fs.writeFileSync(path.join(folder, 'refunds.pdf'), await makePdf([{ title: 'Refund Policy', lines: ['Refunds within 30 days.'] }, { title: 'Shipping', lines: ['Parcels leave at noon.'] }]));
	fs.writeFileSync(path.join(folder, 'security.pdf'), await makePdf([{ title: 'Passwords', lines: ['Rotated every ninety days.'] }]));
	fs.writeFileSync(path.join(folder, 'travel.md'), `# Travel Handbook\n\nBook trains for trips under 600 km.\n\n${TABLE}\n`);
	return loadWorkflow('loader-vector-store.json', {
		FILES_GLOB: `${folder}/*`,
		MEMORY_KEY: `compat-${randomUUID()}`,
		QUESTION,
		CREDENTIAL_ID: credential.id,
		CREDENTIAL_NAME: credential.name,
		OPENAI_CREDENTIAL_ID: openAi.id,
		OPENAI_CREDENTIAL_NAME: openAi.name,
	});
}

export function checkLoaderRun(run: ExecutionResult, model: ScriptedModel): void {
	const loaderRuns = nodeRuns(run.data, 'Document Processing Loader');
	expect(loaderRuns).toHaveLength(3);
	const inserted = nodeOutputJson(run.data, 'Insert') as Array<{ pageContent: string; metadata: Record<string, unknown> }>;
	const keys = inserted.map((doc) => `${String(doc.metadata.file_name)}#${String(doc.metadata.chunk_index)}`);
	expect(new Set(keys).size).toBe(keys.length);
	expect(new Set(inserted.map((doc) => doc.metadata.file_name))).toEqual(new Set(['refunds.pdf', 'security.pdf', 'travel.md']));
	for (const doc of inserted) expect(Object.values(doc.metadata).every((value) => ['string', 'number', 'boolean'].includes(typeof value))).toBe(true);
	const embedded = model.embeddingRequests.flatMap((request) => (Array.isArray(request.input) ? request.input : [request.input])).filter((text) => text !== QUESTION);
	expect(embedded.length).toBe(inserted.length);
	const [best] = nodeOutputJson(run.data, 'Find Passages') as Array<{ document: { pageContent: string; metadata: Record<string, unknown> } }>;
	expect(best?.document).toMatchObject({ pageContent: 'Class Allowed Second always First journeys over four hours', metadata: { file_name: 'travel.md', element_type: 'Table' } });
}
