/**
 * Real n8n (issue 12): Read Files from Disk → Process Files with a structured-data-extraction step,
 * four ways on one run: defined by a JSON Schema (extracted data only, one item per input file,
 * fields usable in a Set node's expressions), by guidance (combined into one job, one item per
 * output file), in the elements-with-extracted-data mode, and a JSON-mode step with both
 * definitions, refused before anything is sent, naming the step.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LoggedRequest } from '../emulator/request-log';
import { E2E_SETUP_TIMEOUT_MS, loadWorkflow, nodeOutputJson, nodeRuns, useE2eSuite, userFolderPaths } from './n8n';

interface OutputItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}

const INVOICES: Record<string, { text: string; data: { customer: string; total: number } }> = {
	'invoice-1.md': { text: '# Invoice 1\n\nCustomer: Example Corp.\n\nTotal due: 120 EUR.\n', data: { customer: 'Example Corp.', total: 120 } },
	'invoice-2.md': { text: '# Invoice 2\n\nCustomer: Sample Ltd.\n\nTotal due: 80 EUR.\n', data: { customer: 'Sample Ltd.', total: 80 } },
};
const NAMES = Object.keys(INVOICES);

describe('real n8n: Process Files with an extraction step', () => {
	const suite = useE2eSuite({ label: 'extraction' });
	let workflowId = '';

	beforeAll(async () => {
		const { e2e } = suite;
		const folder = path.join(userFolderPaths(e2e.userFolder).filesDir, 'invoices');
		fs.mkdirSync(folder, { recursive: true });
		for (const [name, { text }] of Object.entries(INVOICES)) fs.writeFileSync(path.join(folder, name), text);
		const credential = await suite.importEmulatorCredential();
		workflowId = await e2e.importWorkflow(
			loadWorkflow('extraction.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, FILES_GLOB: `${folder}/*` }),
		);
	}, E2E_SETUP_TIMEOUT_MS);

	it('yields the extracted fields per input file for schema-only and guidance-only steps in both output modes', async () => {
		const run = await suite.e2e.execute(workflowId);
		expect(run.status).toBe('success');
		const items = (node: string): OutputItem[] => {
			nodeOutputJson(run.data, node); // a readable error when the node failed or did not run
			return (nodeRuns(run.data, node)[0]?.data?.main?.[0] ?? []) as OutputItem[];
		};
		const read = items('Read Invoices').map((item) => String(item.json.fileName));
		expect([...read].sort()).toEqual(NAMES);
		const readIndexOf = (name: string) => read.indexOf(name);

		// Schema only, extracted data only, "One Item per Element" (the defaults): one item per input file.
		const bySchema = items('Extract by Schema');
		expect(bySchema.map((item) => [item.json.input_file_name, item.json.extracted_data, item.pairedItem])).toEqual(
			read.map((name) => [name, INVOICES[name].data, { item: readIndexOf(name) }]),
		);
		expect(nodeOutputJson(run.data, 'Invoice Totals')).toEqual(read.map((name) => ({ file: name, ...INVOICES[name].data })));

		// Guidance only, combined into one job, one item per output file.
		const byGuidance = items('Extract by Guidance');
		expect(byGuidance.map((item) => [item.json.input_file_name, item.json.extracted_data, item.pairedItem])).toEqual(
			read.map((name) => [name, INVOICES[name].data, { item: readIndexOf(name) }]),
		);
		expect(new Set(byGuidance.map((item) => item.json.job_id)).size).toBe(1);

		// Elements with extracted data: the data at the top level and the elements led by DocumentData.
		for (const item of items('Elements With Data')) {
			const name = String(item.json.input_file_name);
			expect(item.json.extracted_data).toEqual(INVOICES[name].data);
			const elements = item.json.elements as Array<{ type: string; metadata: Record<string, unknown> }>;
			expect(elements.map((element) => element.type)).toEqual(['DocumentData', 'Title', 'NarrativeText', 'NarrativeText']);
			expect(elements[0].metadata.extracted_data).toEqual(INVOICES[name].data);
		}

		// Both definitions in JSON mode: refused in n8n, naming the step (the node continues on error here).
		// One Job per Item: each item is refused on its own, paired to it.
		const refused = items('Both Refused');
		expect(refused.map((item) => item.pairedItem)).toEqual(read.map((_, index) => ({ item: index })));
		for (const item of refused) {
			expect(String(item.json.error)).toMatch(/job_nodes\[1\] "Invoice fields" › schema_to_extract: give exactly one of "json_schema" and "extraction_guidance", not both/);
		}

		// What the service received: each extractor with exactly one definition, never both.
		const response = await fetch(`${suite.emulator.url}/_emulator/requests`);
		const { requests } = (await response.json()) as { requests: LoggedRequest[] };
		const launches = requests.filter((request) => request.method === 'POST' && request.path.startsWith('/api/v1/jobs'));
		expect(launches.map((request) => request.status)).toEqual(launches.map(() => 200));
		const definitions = launches.map((request) => {
			const nodes = (JSON.parse(String(request.fields.request_data)) as { job_nodes: Array<{ settings: { schema_to_extract: object } }> }).job_nodes;
			return Object.keys(nodes[1].settings.schema_to_extract).join('+');
		});
		expect([...definitions].sort()).toEqual(['extraction_guidance', 'json_schema', 'json_schema', 'json_schema', 'json_schema']);
		expect(JSON.stringify(run.data)).not.toContain(suite.apiKey);
	}, 5 * 60_000);
});
