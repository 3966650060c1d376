/** Flow 1: Read Files from Disk → Process Files combines 12 files into 2 jobs → element counts per file. */
import { nodeOutputJson } from '../n8n';
import { type FlowsContext, nodeItems, pairedIndex } from './flow-context';
import { BATCH } from './flow-files';

export function processFilesFlow(flows: FlowsContext): void {
	const { execute, requests } = flows;
	it('flow 1: Read Files from Disk → Process Files combines 12 files into 2 jobs → element counts per file', async () => {
		const run = await execute('read-and-process-files.json');

		const read = nodeItems(run, 'Read Files');
		expect(read.map((item) => item.json.fileName).sort()).toEqual(BATCH.map((f) => f.name).sort());

		const outputs = nodeItems(run, 'Process Files');
		expect(outputs).toHaveLength(12);
		// Every output file is paired with the item whose file it came from.
		for (const item of outputs) expect(read[pairedIndex(item)].json.fileName).toBe(item.json.input_file_name);
		const jobs = new Map<string, number[]>();
		for (const item of outputs) jobs.set(String(item.json.job_id), [...(jobs.get(String(item.json.job_id)) ?? []), pairedIndex(item)]);
		expect([...jobs.values()].map((items) => items.length).sort((a, b) => a - b)).toEqual([2, 10]);
		// Combined in item order: the first job carries items 0-9, the second 10 and 11.
		expect([...jobs.values()].map((items) => [...items].sort((a, b) => a - b))).toEqual(
			expect.arrayContaining([Array.from({ length: 10 }, (_, i) => i), [10, 11]]),
		);

		const counts = nodeOutputJson(run.data, 'Element Counts');
		expect(counts).toHaveLength(12);
		const expected = BATCH.map((f) => ({ file: f.name, elements: f.elements, titles: 1 }));
		expect(counts.map(({ file, elements, titles }) => ({ file, elements, titles })).sort((a, b) => String(a.file).localeCompare(String(b.file)))).toEqual(
			expected.sort((a, b) => a.file.localeCompare(b.file)),
		);
		for (const count of counts) expect([...jobs.keys()]).toContain(count.job_id);

		// The service saw exactly two launches, with 10 and 2 files of the right types.
		const launches = (await requests()).filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/jobs') && r.status === 200);
		expect(launches.map((r) => r.files.length).sort((a, b) => a - b)).toEqual([2, 10]);
		const sent = launches.flatMap((r) => r.files);
		expect(sent.map((f) => f.filename).sort()).toEqual(BATCH.map((f) => f.name).sort());
		expect(new Set(sent.map((f) => f.content_type))).toEqual(new Set(['text/markdown', 'text/plain']));
	}, 5 * 60_000);
}
