import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

// Where a secret the node sends comes from, other than a file of the item (actions/secret/secretInput.ts).

/**
 * A secret's field that takes an expression only: n8n saves a node's parameters as typed, in the
 * workflow and in every execution, so a value typed into the field is refused before it is used.
 * The error names the field and what to use instead, never the value.
 */
export function expressionOnlySecret(ctx: IExecuteFunctions, itemIndex: number, field: { name: string; label: string; instead: string }): unknown {
	const saved = ctx.getNode().parameters[field.name];
	if (typeof saved === 'string' && saved.trim() !== '' && !saved.startsWith('=')) {
		throw new NodeOperationError(ctx.getNode(), `${field.label} holds a typed value`, {
			itemIndex,
			description: `n8n saves a node’s parameters as typed, in the workflow and in every execution. Map the secret by expression (e.g. {{ $json.secret }}), or ${field.instead}.`,
		});
	}
	return ctx.getNodeParameter(field.name, itemIndex, '');
}

/** A secret's value as the text sent: an expression such as {{ $json.key }} can hand over the parsed JSON itself. */
export function secretAsText(value: unknown): string {
	if (typeof value === 'string') return value;
	if (value !== undefined && value !== null && typeof value === 'object') return JSON.stringify(value);
	return value === undefined || value === null ? '' : String(value as number | boolean);
}

/** The `secret` of the credential of `type` picked on the node, for this item; an error naming it when none is picked. */
export async function pickedCredentialSecret(ctx: IExecuteFunctions, itemIndex: number, credential: { type: string; label: string; instead: string }): Promise<unknown> {
	if (!ctx.getNode().credentials?.[credential.type]) {
		throw new NodeOperationError(ctx.getNode(), `No ${credential.label} credential is picked`, { itemIndex, description: `Pick the credential that holds the secret, or ${credential.instead}.` });
	}
	return (await ctx.getCredentials(credential.type, itemIndex)).secret;
}
