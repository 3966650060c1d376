import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { UnstructuredClient } from 'unstructured-client';
// Type only (erased at run time): the package's `exports` map hides this path from require().
import type { PartitionParameters as SdkParameters } from 'unstructured-client/dist/commonjs/sdk/models/shared/partitionparameters';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessBinaryMode } from '../harness';
import { samplePdf } from './support/pdfs';
import { startTestService, type TestService } from './support/service';

/**
 * The node's split output against the official SDK's (`unstructured-client`, its split hook) and
 * against the unsplit upload, on the same emulator: same elements, same order, same page numbers.
 * The page count is not a multiple of the concurrency, so the two clients cut different ranges.
 */
const PAGES = 47;
const CONCURRENCY = 4;

let service: TestService;
let pdf: Buffer;
beforeAll(async () => {
	// The SDK sends its key in its own header, which the emulator accepts when told to.
	service = await startTestService({ accept_sdk_header: true });
	pdf = await samplePdf({ pages: PAGES, imageBytesPerPage: 3_000, seed: 47 });
});
afterAll(async () => await service.stop());

async function viaNode(split: boolean, binaryMode: HarnessBinaryMode = 'filesystem'): Promise<IDataObject[]> {
	const result = await executeNode({
		nodeType: new DocumentProcessing(),
		parameters: { resource: 'document', operation: 'partition', partitionStrategy: 'fast', options: split ? { splitPdfConcurrencyLevel: CONCURRENCY } : { pdfSplitting: 'whole' } },
		items: [{ binary: { data: { data: pdf, fileName: 'report.pdf', mimeType: 'application/pdf' } } }],
		credentials: service.credentials,
		binaryMode,
	});
	return (result.output[0] as INodeExecutionData[]).map((item) => item.json);
}

async function viaSdk(): Promise<IDataObject[]> {
	const client = new UnstructuredClient({ serverURL: service.emulator.url, security: { apiKeyAuth: service.emulator.apiKey } });
	const response = await client.general.partition({
		partitionParameters: {
			files: { content: pdf, fileName: 'report.pdf' },
			strategy: 'fast' as SdkParameters['strategy'],
			splitPdfPage: true,
			splitPdfConcurrencyLevel: CONCURRENCY,
		},
	});
	if (!Array.isArray(response)) throw new Error(`the SDK returned ${typeof response}, not an element list`);
	return response as IDataObject[];
}

/** What must agree: identity, kind, text and page of every element, in order. */
const essence = (elements: IDataObject[]) =>
	elements.map((element) => ({
		element_id: element.element_id,
		type: element.type,
		text: element.text,
		page_number: (element.metadata as IDataObject).page_number,
	}));

describe('Partition File: split output against the official SDK and the unsplit upload', () => {
	it('gives the same elements in the same order as the SDK’s split and the whole file', async () => {
		const split = await viaNode(true);
		const unsplit = await viaNode(false);
		const sdk = await viaSdk();

		expect(split).toHaveLength(PAGES * 4);
		expect(split).toEqual(unsplit);
		expect(essence(split)).toEqual(essence(sdk));
		expect(essence(split).map((element) => element.page_number)).toEqual(
			Array.from({ length: PAGES }, (_, page) => Array(4).fill(page + 1)).flat(),
		);
	});

	it('gives the same elements from a file held in memory (n8n’s default binary mode)', async () => {
		expect(await viaNode(true, 'default')).toEqual(await viaNode(false, 'filesystem'));
	});
});
