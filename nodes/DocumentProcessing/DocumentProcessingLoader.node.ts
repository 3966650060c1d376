import type { INodeExecutionData, INodeType, INodeTypeDescription, ISupplyDataFunctions, SupplyData } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { documentProcessingApiTest } from './methods/credentialTest';
import type { LoaderDocument } from './loader/chunkDocuments';
import { FileStates } from './loader/fileState';
import { findHostLoaderClass, hostModuleCache, perItemLoader } from './loader/hostLoader';
import { itemDocuments } from './loader/itemDocuments';
import { loaderProperties } from './loader/loaderFields';

/**
 * Document Processing Loader: a document loader sub-node (under a vector store's insert) that
 * gives the store the service's own chunks, one document each, with flat metadata, asked for
 * item by item (docs/vector-stores-and-agents.md).
 */
export class DocumentProcessingLoader implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Processing Loader',
		name: 'documentProcessingLoader',
		icon: { light: 'file:../../icons/documentProcessing.svg', dark: 'file:../../icons/documentProcessing.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ "Chunks " + ({ by_title: "by Title", by_page: "by Page", by_similarity: "by Similarity", basic: "Basic" })[$parameter["chunkingStrategy"]] }}',
		description: 'Give a vector store the chunks of the document-processing service, with page numbers, section titles and element types',
		defaults: { name: 'Document Processing Loader' },
		codex: {
			categories: ['AI'],
			subcategories: { AI: ['Document Loaders'] },
			resources: { primaryDocumentation: [{ url: 'https://www.npmjs.com/package/n8n-nodes-document-processing#operations' }] },
		},
		inputs: [],
		outputs: [NodeConnectionTypes.AiDocument],
		outputNames: ['Document'],
		credentials: [{ name: 'documentProcessingApi', required: true, testedBy: 'documentProcessingApiTest' }],
		properties: loaderProperties,
	};

	methods = { credentialTest: { documentProcessingApiTest } };

	async supplyData(this: ISupplyDataFunctions): Promise<SupplyData> {
		// One run's files: with element input, a file's elements may come over several items.
		const files = new FileStates();
		// Each call shows in the editor as one run of this node, paired to the store's item, as n8n's own loaders do.
		const processItem = async (item: INodeExecutionData, itemIndex: number): Promise<LoaderDocument[]> => {
			const { index } = this.addInputData(NodeConnectionTypes.AiDocument, [[item]]);
			try {
				const documents = await itemDocuments(this, item, itemIndex, files);
				this.addOutputData(NodeConnectionTypes.AiDocument, index, [[{ json: { response: documents }, pairedItem: { item: itemIndex } }]]);
				return documents;
			} catch (caught) {
				const error =
					caught instanceof NodeApiError || caught instanceof NodeOperationError ? caught : new NodeOperationError(this.getNode(), caught as Error, { itemIndex });
				this.addOutputData(NodeConnectionTypes.AiDocument, index, error);
				throw error;
			}
		};

		// Linked only once n8n's own check has been seen to ask the linked loader per item.
		const loaderClass = await findHostLoaderClass(hostModuleCache());
		if (loaderClass) return { response: perItemLoader(processItem, loaderClass) };

		// Without n8n's loader class the store takes one array for all its items; with one item that
		// is exact. With more, refused here, before any file is sent.
		const items = this.getInputData();
		if (items.length > 1) {
			throw new NodeOperationError(this.getNode(), 'This n8n cannot ask the loader for each item’s documents', {
				description: `The loader could not link itself to this n8n's document loader class, so the vector store would insert every item's chunks once per item: nothing was sent for its ${items.length} items. Send one item at a time (Loop Over Items), or see the README's compatibility table for the versions that work.`,
			});
		}
		return { response: items.length === 1 ? await processItem(items[0] as INodeExecutionData, 0) : [] };
	}
}
