import type { INodeProperties } from 'n8n-workflow';
import { workflowLocator } from './workflowLocator';

/** How each node words the two scopes and the workflow field. */
export interface ScopeTexts {
	workspace: string;
	workflow: string;
	locator: string;
}

/**
 * Scope (workspace or one service workflow) and the workflow it names: the trigger and every
 * notification channel operation. The parameter names and values are the same in both nodes.
 */
export function scopeProperties(texts: ScopeTexts): INodeProperties[] {
	return [
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: [
				{ name: 'Workspace', value: 'workspace', description: texts.workspace },
				{ name: 'One Workflow', value: 'workflow', description: texts.workflow },
			],
			default: 'workspace',
		},
		workflowLocator({ description: texts.locator, displayOptions: { show: { scope: ['workflow'] } } }),
	];
}
