/**
 * The set-up of the Partition File integration files: one emulator per file, a 30-page sample PDF,
 * `run` for Partition File through n8n-core, and the partition requests the emulator logged.
 */
import type { INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessBinaryMode, type HarnessItem } from '../../harness';
import { samplePdf } from './pdfs';
import { startTestService, type LoggedRequest, type TestService } from './service';

export const PARTITION_PATH = '/general/v0/general';

export type PartitionRequest = LoggedRequest & { fault?: string; status?: number };

export interface DocumentWorld {
	readonly service: TestService;
	/** A 30-page PDF with a small image per page. */
	readonly pdf30: Buffer;
	run(
		parameters: INodeParameters,
		items: HarnessItem[],
		options?: { continueOnFail?: boolean; binaryMode?: HarnessBinaryMode },
	): ReturnType<typeof executeNode>;
	partitionRequests(): Promise<PartitionRequest[]>;
}

export const pdfItem = (data: Buffer, fileName = 'report.pdf'): HarnessItem => ({ binary: { data: { data, fileName, mimeType: 'application/pdf' } } });

export const partition = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'partition',
	partitionStrategy: 'fast',
	...parameters,
});

export function useDocumentWorld(): DocumentWorld {
	let service: TestService | undefined;
	let pdf30: Buffer | undefined;
	const started = <T>(value: T | undefined): T => {
		if (value === undefined) throw new Error('setup failed');
		return value;
	};
	beforeAll(async () => {
		service = await startTestService();
		pdf30 = await samplePdf({ pages: 30, imageBytesPerPage: 1_000 });
	});
	afterAll(async () => await service?.stop());
	beforeEach(async () => {
		await started(service).control('reset', { body: {} });
	});
	return {
		get service() {
			return started(service);
		},
		get pdf30() {
			return started(pdf30);
		},
		run: async (parameters, items, options = {}) =>
			await executeNode({ nodeType: new DocumentProcessing(), parameters: partition(parameters), items, credentials: started(service).credentials, ...options }),
		partitionRequests: async () => (await started(service).requests(PARTITION_PATH)) as PartitionRequest[],
	};
}
