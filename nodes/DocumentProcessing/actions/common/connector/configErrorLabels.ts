import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { executingNode } from '../../../api/context';
import { asNodeError } from '../../../helpers/nodeErrors';
import type { ConnectorField } from './connectorTableTypes';
import { modelOf } from './connectorTypes';

/**
 * The service's 422 for a connector config names config keys (`body.config.remote_url: …`); a
 * user of the form knows the field as "Remote URL". The error is told again with the form's
 * names: a field's label (Options › label for an optional one), or the Config (JSON) key with its
 * label in JSON mode. The service's own words stay in the error's details.
 */

const SERVICE_ADVICE = 'Correct the fields the service names above';

function formName(field: ConnectorField, jsonMode: boolean): string {
	if (jsonMode) return `Config (JSON) key "${field.key}" (${field.label})`;
	return field.required ? field.label : `Options › ${field.label}`;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every `body.config.<key>` / `config.<key>` of the model's fields in the form's words. */
export function withFormNames(text: string, fields: ConnectorField[], jsonMode: boolean): { text: string; named: string[] } {
	let result = text;
	const named: Array<{ name: string; at: number }> = [];
	// Longest keys first, so `key` never takes the place of `key_id`.
	for (const field of [...fields].sort((a, b) => b.key.length - a.key.length)) {
		const place = new RegExp(`(?<![\\w.])(?:body\\.)?config\\.${escaped(field.key)}(?![\\w-])`, 'g');
		const at = text.search(place);
		if (at < 0) continue;
		const name = formName(field, jsonMode);
		// The service's message may repeat the key after its location ("config.x: config.x: …").
		result = result.replace(place, name).split(`${name}: ${name}: `).join(`${name}: `);
		named.push({ name, at });
	}
	return { text: result, named: named.sort((a, b) => a.at - b.at).map(({ name }) => name) };
}

function relabelled(ctx: IExecuteFunctions, itemIndex: number, error: NodeApiError, fields: ConnectorField[]): NodeApiError {
	const jsonMode = ctx.getNodeParameter('configInput', itemIndex, 'fields') === 'json';
	const message = withFormNames(error.message, fields, jsonMode);
	if (message.named.length === 0) return error;
	const advice = `Correct ${message.named.join(', ')}`;
	const old = error.description ?? '';
	const description = old.includes(SERVICE_ADVICE) ? old.replace(SERVICE_ADVICE, advice) : `${advice} and run the node again. ${old}`.trim();
	const response: JsonObject = { ...(error.errorResponse ?? {}), message: message.text };
	return new NodeApiError(executingNode(ctx), response, { message: message.text, description, httpCode: error.httpCode ?? '422', itemIndex });
}

/**
 * Runs the Create or Update call of a form; a 422 that names config keys of the type's documented
 * model comes back in the form's words. Other errors pass as they are.
 */
export async function withFormLabels<T>(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, type: string | undefined, send: () => Promise<T>): Promise<T> {
	try {
		return await send();
	} catch (error) {
		const fields = type === undefined ? undefined : modelOf(kind, type)?.fields;
		if (!(error instanceof NodeApiError) || error.httpCode !== '422' || !fields) throw asNodeError(executingNode(ctx), error, itemIndex);
		throw relabelled(ctx, itemIndex, error, fields);
	}
}
