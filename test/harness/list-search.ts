import { LoadOptionsContext } from 'n8n-core';
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';
import { buildAdditionalData } from './additional-data';
import type { HarnessCredentials } from './credentials';
import { HarnessCredentialsHelper } from './credentials';
import { resolveNodeType, type AnyNodeType } from './node-types';
import { createHarnessNode, createHarnessWorkflow, nextSequence } from './workflow';

export interface ListSearchOptions {
	nodeType: AnyNodeType;
	/** The `searchListMethod` of the locator mode, e.g. 'searchWorkflows'. */
	method: string;
	/** The node's current parameters (what the editor sends with the request). */
	parameters?: INodeParameters;
	credentials?: HarnessCredentials;
	filter?: string;
	paginationToken?: string;
	typeVersion?: number;
}

/**
 * Calls a listSearch method the way n8n's editor does (`/rest/dynamic-node-parameters/resource-locator-results`):
 * through n8n-core's LoadOptionsContext on a workflow holding the node with its current parameters.
 */
export async function runListSearch(opts: ListSearchOptions): Promise<INodeListSearchResult> {
	const sequence = nextSequence();
	const credentials = opts.credentials ?? {};
	const node = createHarnessNode({ nodeType: opts.nodeType, parameters: opts.parameters ?? {}, typeVersion: opts.typeVersion, credentials });
	const workflow = createHarnessWorkflow({ id: `harness-workflow-${sequence}`, node, nodeType: opts.nodeType, nodeStaticData: {} });
	const additionalData = buildAdditionalData({ credentialsHelper: new HarnessCredentialsHelper(credentials), workflowId: workflow.id! });
	// n8n's editor sends the node's current parameters with the request; getCurrentNodeParameter reads them here.
	additionalData.currentNodeParameters = opts.parameters ?? {};
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	const method = resolveNodeType(opts.nodeType, node.typeVersion).methods?.listSearch?.[opts.method];
	if (!method) throw new Error(`The node has no listSearch method "${opts.method}"`);
	return await method.call(context, opts.filter, opts.paginationToken);
}
