import type { INode } from 'n8n-workflow';

/**
 * The action node as an `INode`, for code that calls the package's API or transport functions
 * directly (unit tests, benchmarks) and needs a node for its errors. Types only: importing it
 * loads no n8n-core.
 */
export function actionNode(id: string): INode {
	return {
		id,
		name: 'Document Processing',
		type: 'n8n-nodes-document-processing.documentProcessing',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}
