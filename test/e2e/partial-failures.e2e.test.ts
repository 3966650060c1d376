/**
 * Real n8n (issue 22): Process Files over a batch of 3 files of which the service fails the second,
 * with One Job per Item (On Error › Continue (using error output)) and Combine Items (On Error ›
 * Continue): the two good files' outputs are paired to their items and the failed file comes out
 * as one failure item, never as nothing; Get Details and Get Failed Files read the combined job.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeItems, pairedIndex } from './flows/flow-context';
import { loadWorkflow, nodeRuns, useE2eSuite } from './n8n';

const FILES = { 'first.md': '# First\n\nAlpha text.', 'broken.md': '# Broken\n\nThe service fails this one.', 'third.md': '# Third\n\nGamma text.' };

describe('real n8n: a batch with one failing file', () => {
	const suite = useE2eSuite({ label: 'partial-failures', emulatorConfig: { failing_file_pattern: 'broken', job_duration_ms: 200 } });

	it('gives the two good outputs paired to their items and one failure item, per item and combined', async () => {
		const folder = path.join(suite.filesDir, 'partial');
		fs.mkdirSync(folder, { recursive: true });
		for (const [name, content] of Object.entries(FILES)) fs.writeFileSync(path.join(folder, name), content);
		const credential = await suite.importEmulatorCredential();
		const workflowId = await suite.e2e.importWorkflow(
			loadWorkflow('process-files-partial-failure.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name, FILES_GLOB: `${folder}/*` }),
		);
		const run = await suite.e2e.execute(workflowId);
		expect(run.status).toBe('success');

		const read = nodeItems(run, 'Read Files').map((item) => String(item.json.fileName));
		const nameOf = (item: { pairedItem?: unknown }) => read[pairedIndex(item as Parameters<typeof pairedIndex>[0])];

		// Combine Items + Continue: one job; 2 outputs and 1 failure item, each paired to its file's item.
		const combined = nodeItems(run, 'Combined');
		expect(combined).toHaveLength(3);
		const outputs = combined.filter((item) => item.json.error === undefined);
		expect(outputs.map((item) => [item.json.input_file_name, nameOf(item)]).sort()).toEqual([
			['first.md', 'first.md'],
			['third.md', 'third.md'],
		]);
		const [failed] = combined.filter((item) => item.json.error !== undefined);
		expect(failed.json).toEqual({
			job_id: outputs[0].json.job_id,
			file_id: expect.any(String),
			file_name: 'broken.md',
			item_index: read.indexOf('broken.md'),
			stage: 'processing',
			error: expect.stringMatching(/^File "broken.md" failed in job "[0-9a-f-]{36}": Partitioning failed: broken.md/),
			reason: expect.stringMatching(/^Partitioning failed: broken.md/),
			what_to_do: expect.stringContaining('Get Failed Files'),
			processing_status: 'COMPLETED_WITH_ERRORS',
		});
		expect(nameOf(failed)).toBe('broken.md');

		// One Job per Item + error output: the good items on the main output, the failed one on the error output.
		const [mainOutput, errorOutput] = (nodeRuns(run.data, 'Per Item')[0]?.data?.main ?? []) as Array<typeof combined>;
		expect(mainOutput.map((item) => [item.json.input_file_name, nameOf(item)]).sort()).toEqual([
			['first.md', 'first.md'],
			['third.md', 'third.md'],
		]);
		expect(errorOutput).toHaveLength(1);
		// The failure's fields survive n8n's handling of error-output items (issue 44): inside `error`,
		// beside the input item's own fields that n8n adds.
		expect(errorOutput[0].json).toMatchObject({
			fileName: 'broken.md',
			error: {
				message: expect.stringMatching(/^File "broken.md" failed in job "[0-9a-f-]{36}": Partitioning failed: /),
				file_name: 'broken.md',
				item_index: read.indexOf('broken.md'),
				job_id: expect.any(String),
				file_id: expect.any(String),
				stage: 'processing',
				reason: expect.stringMatching(/^Partitioning failed/),
				what_to_do: expect.any(String),
			},
		});
		expect(nameOf(errorOutput[0])).toBe('broken.md');
		// The branches behind both outputs ran with those items.
		expect(nodeItems(run, 'Per Item Outputs')).toHaveLength(2);
		expect(nodeItems(run, 'Per Item Failures')).toHaveLength(1);

		// Get Details and Get Failed Files on the combined job.
		const [details] = nodeItems(run, 'Get Details');
		expect(details.json).toMatchObject({ id: failed.json.job_id, processing_status: 'COMPLETED_WITH_ERRORS' });
		const failedFiles = nodeItems(run, 'Get Failed Files');
		expect(failedFiles.map((item) => item.json)).toEqual([{ job_id: failed.json.job_id, document: 'broken.md', error: expect.any(String) }]);
	}, 5 * 60_000);
});
