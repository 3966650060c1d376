/**
 * Attack suite, issue 49 rows 1–4 through Partition File's splitting (api/partition.ts) against the
 * emulator: each file is read in a PDF worker, and one the worker could not read within its limits
 * goes to the service whole, with the reason in `splitSkipped`, as an unsplittable PDF does; then a
 * 40-page PDF is still split into 5 ranges (before, row 3 left pdf-lib's reference pool full and no
 * later PDF split). The emulator does not parse the attack files (`unparsed_file_pattern`): it reads
 * PDFs with pdf-lib in this process, as the node did before.
 */
import { partitionDocument, type PartitionOutcome } from '../../nodes/DocumentProcessing/api/partition';
import type { CallContext } from '../../nodes/DocumentProcessing/transport';
import { actionNode } from '../harness/action-node';
import { partitionParameters } from '../harness/partition-parameters';
import { PARSE_ATTACKS, WORKER_LIMIT_REFUSAL } from './support/pdfParseAttacks';
import { samplePdf } from './support/pdfs';
import { startTestService, type TestService } from './support/service';

const PARAMETERS = partitionParameters();

const SENT_WHOLE: Record<number, RegExp | undefined> = {
	1: WORKER_LIMIT_REFUSAL,
	2: /^its object and cross-reference streams inflate to more than 32 MiB, the limit for a file of 6500007 bytes$/,
	3: WORKER_LIMIT_REFUSAL,
	// A fine two-page document: one range, the whole file, nothing skipped.
	4: undefined,
};

let service: TestService;
beforeAll(async () => {
	service = await startTestService({ unparsed_file_pattern: 'attack-' });
});
afterAll(async () => await service.stop());

async function partitioned(fileName: string, bytes: Buffer): Promise<PartitionOutcome> {
	const call: CallContext = {
		node: actionNode('attack'),
		connection: { apiKey: service.emulator.apiKey, baseUrl: service.emulator.url, partitionUrl: service.emulator.partitionUrl },
		itemIndex: 0,
	};
	return await partitionDocument(call, { fileName, mimeType: 'application/pdf', size: bytes.length, open: async () => bytes }, PARAMETERS);
}

describe('attack: PDFs that make pdf-lib build far more than they hold, through Partition File (issue 49)', () => {
	it.each(PARSE_ATTACKS.map((attack) => [attack.row, attack.label, attack] as const))('row %i, %s: read in a worker, sent whole when it passed a limit', async (row, _label, attack) => {
		const bytes = attack.make(attack.file.replace(/\.pdf$/, ''));
		const outcome = await partitioned(attack.file, bytes);
		const expected = SENT_WHOLE[row];
		expect({ requests: outcome.requests, skipped: outcome.splitSkipped }).toEqual({ requests: 1, skipped: expected ? expect.stringMatching(expected) : undefined });
		// The service's answer for the whole file (the emulator's placeholder names its size).
		expect(outcome.elements.map((element) => element.text)).toEqual([expect.stringContaining(`${attack.file}: ${bytes.length} bytes`)]);
	}, 60_000);

	it('still splits a 40-page PDF into 5 ranges afterwards', async () => {
		const outcome = await partitioned('forty.pdf', await samplePdf({ pages: 40 }));
		expect({ requests: outcome.requests, skipped: outcome.splitSkipped, pages: outcome.pages }).toEqual({ requests: 5, skipped: undefined, pages: 40 });
	});
});
