import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../../../api/context';
import { registerSecret, type SecretReference } from '../../../api/secrets';
import { asNodeError, withMoreAdvice } from '../../../helpers/nodeErrors';
import { pathText, setAtPath, type ConfigPlan } from './connectorConfig';

/**
 * Sending a connector's config plan (config plus the inline secrets to register first), read and
 * checked completely before the first request (formPlan.ts).
 */

export function requiredText(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty`, { itemIndex, description: `Enter the ${label}.` });
	}
	return value;
}

/** Registers each distinct plaintext once and puts its reference in place of every occurrence. */
async function registerInlineSecrets(call: CallContext, plan: ConfigPlan): Promise<Array<{ key: string; reference: SecretReference }>> {
	const byPlaintext = new Map<string, SecretReference>();
	const registered: Array<{ key: string; reference: SecretReference }> = [];
	for (const secret of plan.inline) {
		let reference = byPlaintext.get(secret.plaintext);
		if (!reference) {
			reference = await registerSecret(call, secret.plaintext);
			byPlaintext.set(secret.plaintext, reference);
		}
		setAtPath(plan.config, secret.path, { id: reference.id, type: reference.type });
		registered.push({ key: pathText(secret.path), reference });
	}
	return registered;
}

/**
 * Registers the plan's inline secrets, then sends the config (create or update). When sending
 * fails after secrets were registered, the error lists their references so they can be reused.
 */
export async function sendWithSecrets<T>(node: INode, call: CallContext, plan: ConfigPlan, send: (config: Record<string, unknown>) => Promise<T>): Promise<T> {
	const registered = await registerInlineSecrets(call, plan);
	try {
		return await send(plan.config);
	} catch (error) {
		if (registered.length > 0 && (error instanceof NodeApiError || error instanceof NodeOperationError)) {
			const kept = registered.map(({ key, reference }) => `${key} → {"id": "${reference.id}", "type": "${reference.type}"}`).join(', ');
			error.description = withMoreAdvice(error.description, `The inline secrets were registered before this failure and can be reused as references: ${kept}.`);
		}
		throw asNodeError(node, error, call.itemIndex);
	}
}
