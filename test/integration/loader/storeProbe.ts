/**
 * A stand-in for n8n's vector store insert, run through n8n-core like any node: its execute asks
 * the Document Processing Loader for documents the way `processDocument` (@n8n/ai-utilities)
 * does (`processDocument` below, which the loader's module-cache stand-in also holds): item by
 * item when the loader is an instance of n8n's loader class, otherwise the one array for every item. The loader's fields are the probe's own, so the loader reads them as under a store.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription, ISupplyDataFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { DocumentProcessingLoader } from '../../../nodes/DocumentProcessing/DocumentProcessingLoader.node';

/** What the store sees of n8n's loader class: the probe's `instanceof` check is against it. */
export class N8nBinaryLoader {
	async processItem(): Promise<unknown[]> {
		return await Promise.reject(new Error('the host class must never run'));
	}
}

interface Document {
	pageContent: string;
	metadata: Record<string, unknown>;
}

type DocumentInput = Document[] | { processItem(item: INodeExecutionData, index: number): Promise<Document[]> };

/** n8n's `processDocument` (@n8n/ai-utilities), the check the probe's store runs: the loader's own methods only for an instance of N8nBinaryLoader. */
export async function processDocument(documentInput: DocumentInput, item: INodeExecutionData, index: number): Promise<Document[]> {
	const documents = documentInput instanceof N8nBinaryLoader ? await (documentInput as Exclude<DocumentInput, Document[]>).processItem(item, index) : (documentInput as Document[]);
	// n8n maps the documents at once: anything but an array fails here, as in the store.
	return documents.map(({ metadata, pageContent }) => ({ metadata, pageContent }));
}

const loader = new DocumentProcessingLoader();

export class StoreProbe implements INodeType {
	description: INodeTypeDescription = {
		...loader.description,
		displayName: 'Store Probe',
		name: 'storeProbe',
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// n8n-core's execute functions refuse addInputData/addOutputData (a sub-node's run log): recorded here instead.
		const runs: unknown[] = [];
		const context = new Proxy(this, {
			get: (target, property, receiver) => {
				if (property === 'addInputData') return () => ({ index: runs.push({}) - 1 });
				if (property === 'addOutputData') return (_type: string, index: number, data: unknown) => (runs[index] = data);
				return Reflect.get(target, property, receiver) as unknown;
			},
		});
		const supplied = await loader.supplyData.call(context as unknown as ISupplyDataFunctions);
		const documentInput = supplied.response as DocumentInput;
		const items = this.getInputData();
		const inserted: INodeExecutionData[] = [];
		for (let index = 0; index < items.length; index++) {
			const documents = await processDocument(documentInput, items[index] as INodeExecutionData, index);
			for (const document of documents) inserted.push({ json: { pageContent: document.pageContent, metadata: document.metadata }, pairedItem: { item: index } });
		}
		return [inserted];
	}
}
