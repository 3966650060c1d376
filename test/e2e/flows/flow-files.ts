/** The files the flows read from disk (Read Files from Disk), with what each must turn into. */

/** File k of flow 1 partitions into one Title and k ListItems. */
const batchFile = (k: number) => {
	const name = k <= 10 ? `report-${String(k).padStart(2, '0')}.md` : `notes-${k}.txt`;
	const title = k <= 10 ? `# Report ${k}` : `Notes ${k}`;
	const items = Array.from({ length: k }, (_, i) => `- item ${i + 1} of file ${k}`);
	return { name, content: `${title}\n\n${items.join('\n')}\n`, elements: k + 1 };
};
export const BATCH = Array.from({ length: 12 }, (_, i) => batchFile(i + 1));

export const RUN_FILES = {
	'contract-a.md': '# Contract A\n\nAlice Smith signs the lease with Acme Holdings on Monday.\n\nRent is due monthly.\n',
	'contract-b.md': '# Contract B\n\nBob Jones renews the support plan with Initech Systems.\n',
};
export const JOB_FILES = {
	'invoice-1.md': '# Invoice 1\n\nCustomer: Example Corp.\n\nTotal due: 120 EUR.\n',
	'invoice-2.md': '# Invoice 2\n\nCustomer: Sample Ltd.\n\nTotal due: 80 EUR.\n',
};
