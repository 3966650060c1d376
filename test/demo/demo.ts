/**
 * `npm run demo`: the built package (dist/) runs two real flows through n8n-core against the
 * local emulator — no account, no network — and writes what it got to demo-output/. Then it offers
 * the upload-form example in a real n8n (offer-form.ts; `npm run demo -- --form` takes the offer).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';
import { startEmulator } from '../emulator';
import { disposeHarness, executeNode, type HarnessItem } from '../harness';
import { offerUploadForm } from './offer-form';

const root = resolve(__dirname, '../..');
const outputDir = join(root, 'demo-output');
const samples = join(__dirname, 'samples');

// The demo exercises what `npm run build` produced, exactly what n8n would load.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DocumentProcessing } = require(join(root, 'dist/nodes/DocumentProcessing/DocumentProcessing.node.js')) as {
	DocumentProcessing: new () => INodeType;
};

const say = (line = '') => process.stdout.write(`${line}\n`);

function sample(fileName: string, mimeType: string): HarnessItem {
	return { json: { fileName }, binary: { data: { data: readFileSync(join(samples, fileName)), fileName, mimeType } } };
}

function summarise(title: string, items: INodeExecutionData[]): void {
	say(`\n${title}`);
	for (const { json } of items) {
		const metadata = (json.metadata ?? {}) as IDataObject;
		const where = [metadata.filename, metadata.page_number !== undefined ? `p.${String(metadata.page_number)}` : undefined].filter(Boolean).join(' ');
		say(`  ${String(json.type).padEnd(16)} ${where.padEnd(26)} ${String(json.text ?? '').slice(0, 60)}`);
	}
}

function save(name: string, items: INodeExecutionData[]): string {
	const file = join(outputDir, name);
	writeFileSync(file, JSON.stringify(items.map((item) => item.json), null, 2));
	return file;
}

async function main(): Promise<void> {
	mkdirSync(outputDir, { recursive: true });
	const emulator = await startEmulator({ port: 0, config: { job_duration_ms: 1_500 } });
	const credentials = { documentProcessingApi: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl, allowHttpWebhooksOnLoopback: true } };
	say(`Emulator running at ${emulator.url} (partition: ${emulator.partitionUrl})`);
	try {
		const partitioned = await executeNode({
			nodeType: new DocumentProcessing(),
			parameters: { resource: 'document', operation: 'partition', partitionStrategy: 'hi_res' },
			items: [sample('quarterly-report.pdf', 'application/pdf')],
			credentials,
		});
		const elements = partitioned.output[0];
		summarise(`Document › Partition File: quarterly-report.pdf → ${elements.length} elements`, elements);

		const processed = await executeNode({
			nodeType: new DocumentProcessing(),
			parameters: {
				resource: 'job',
				operation: 'process',
				options: { batchMode: 'combine', outputMode: 'files' },
				steps: {
					step: [
						{
							kind: 'llm',
							defineBy: 'extractionGuidance',
							extractionGuidance: 'The document title and the people it names',
							outputMode: 'elements_with_extracted_data',
						},
					],
				},
			},
			items: [sample('quarterly-report.pdf', 'application/pdf'), sample('meeting-notes.md', 'text/markdown')],
			credentials,
		});
		const files = processed.output[0];
		say(`\nJob › Process Files (one job, partition + structured extraction) → ${files.length} output files`);
		for (const { json } of files) {
			say(`  ${String(json.input_file_name).padEnd(24)} ${String(json.element_count).padStart(3)} elements  extracted: ${JSON.stringify(json.extracted_data ?? null)}`);
		}

		say('\nOutput written to:');
		say(`  ${save('partition-elements.json', elements)}`);
		say(`  ${save('process-files.json', files)}`);
	} finally {
		await emulator.close();
		await disposeHarness();
		// The transport keeps pooled connections per process; the demo ends here.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const transport = require(join(root, 'dist/nodes/DocumentProcessing/transport/index.js')) as { closeAllPools(): Promise<void> };
		await transport.closeAllPools();
	}
}

main()
	.then(async () => {
		process.exitCode = await offerUploadForm(say, process.argv.slice(2));
	})
	.catch((error: unknown) => {
		process.stderr.write(`Demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
