/**
 * Issue 33: every workflow of examples/ imported unchanged into real n8n (as the editor's *Import
 * from File* and *Save* do), with only its credentials pointing at loopback stand-ins (the emulator,
 * the scripted OpenAI-compatible model) and the few documented placeholders a credential cannot
 * carry (example-import.ts), run and checked. One suite, so the credentials the examples name
 * exist once: n8n resolves a reference by name only when the name is unique.
 */
import * as fs from 'node:fs';
import { useE2eSuite } from '../n8n';
import { agentAnswersExample } from './agent-answers.example';
import { aiAgentExample } from './ai-agent.example';
import { EXAMPLES_DIR, readExample } from './example-import';
import { EXAMPLES_EMULATOR, useExamplesContext } from './examples-context';
import { invoiceExample } from './invoice.example';
import { jobEventsExample } from './job-events.example';
import { nightlyBatchExample } from './nightly-batch.example';
import { pgvectorExample } from './pgvector.example';
import { publicFormsExample } from './public-forms.example';
import { uploadFormExample } from './upload-form.example';
import { vectorStoreExample } from './vector-store.example';

describe('examples/ in real n8n', () => {
	const suite = useE2eSuite({ label: 'examples', emulatorConfig: EXAMPLES_EMULATOR });
	const context = useExamplesContext(suite);

	/** Each file's test, by file name: a new example without a test fails here. */
	const tested = [
		'upload-form-document-text.json',
		'invoice-fields-to-spreadsheet.json',
		'nightly-folder-batch.json',
		'job-events-to-webhook.json',
		'ai-agent-document-tool.json',
		'document-vector-store.json',
		'document-vector-store-pgvector.json',
		'agent-answers-from-documents.json',
	];

	it('runs every example of examples/, each made of node types and versions this n8n has', async () => {
		const files = fs.readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json'));
		expect(files.sort()).toEqual([...tested].sort());
		const known = new Set(
			(await suite.e2e.rest.nodeTypes()).flatMap((type) => (Array.isArray(type.version) ? type.version : [type.version]).map((version) => `${type.name}@${version}`)),
		);
		const missing = files.flatMap((file) => readExample(file).nodes.map((node) => `${node.type}@${node.typeVersion}`)).filter((key) => !known.has(key));
		expect(missing).toEqual([]);
	});

	uploadFormExample(context);
	invoiceExample(context);
	publicFormsExample(context);
	nightlyBatchExample(context);
	jobEventsExample(context);
	aiAgentExample(context);
	vectorStoreExample(context);
	// Searches the store the vector-store example filled.
	agentAnswersExample(context);
	// Starts its own Postgres with pgvector (PGlite on loopback).
	pgvectorExample(context);
});
