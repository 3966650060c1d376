/** Flow 6: Run Workflow uploads files to a service workflow, waits for the runs and downloads their elements. */
import { type FlowsContext, nodeItems, pairedIndex } from './flow-context';
import { RUN_FILES } from './flow-files';

export function runWorkflowFlow(flows: FlowsContext): void {
	const { suite, execute, requests } = flows;
	it('flow 6: Run Workflow uploads the files, waits for the runs and downloads their elements', async () => {
		const { emulator } = suite;
		const run = await execute('run-workflow-download.json');

		const read = nodeItems(run, 'Read Files');
		expect(read.map((item) => item.json.fileName).sort()).toEqual(Object.keys(RUN_FILES).sort());
		const elements = nodeItems(run, 'Run Workflow');
		const byFile = new Map<string, Array<Record<string, unknown>>>();
		for (const item of elements) {
			const metadata = item.json.metadata as { filename: string };
			// Each element is paired with the item whose file it came from.
			expect(read[pairedIndex(item)].json.fileName).toBe(metadata.filename);
			byFile.set(metadata.filename, [...(byFile.get(metadata.filename) ?? []), item.json]);
		}
		expect([...byFile.keys()].sort()).toEqual(Object.keys(RUN_FILES).sort());
		expect(byFile.get('contract-a.md')?.map((e) => [e.type, e.text])).toEqual([
			['Title', 'Contract A'],
			['NarrativeText', 'Alice Smith signs the lease with Acme Holdings on Monday.'],
			['NarrativeText', 'Rent is due monthly.'],
		]);
		// The service workflow's second node (named-entity recognition) ran on what was uploaded.
		const entities = (byFile.get('contract-b.md') ?? []).flatMap(
			(e) => ((e.metadata as { entities?: { items: Array<{ entity: string }> } }).entities?.items ?? []).map((i) => i.entity),
		);
		expect(entities).toEqual(expect.arrayContaining(['Bob Jones', 'Initech Systems']));

		const runs = (await requests()).filter((r) => r.method === 'POST' && r.path === `/api/v1/workflows/${flows.serviceWorkflowId()}/run`);
		expect(runs.map((r) => r.status)).toEqual([202, 202]);
		expect(runs.map((r) => r.files.map((f) => f.filename)).flat().sort()).toEqual(Object.keys(RUN_FILES).sort());
		const serviceJobs = [...emulator.store.jobs.values()].filter((job) => job.workflow_id === flows.serviceWorkflowId());
		expect(serviceJobs.map((job) => [job.job_type, job.status])).toEqual([
			['persistent', 'COMPLETED'],
			['persistent', 'COMPLETED'],
		]);
	}, 5 * 60_000);
}
