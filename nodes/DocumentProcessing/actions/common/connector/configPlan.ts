import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../../../api/context';
import { registerSecret, type SecretReference } from '../../../api/secrets';
import { asNodeError, withMoreAdvice } from '../../../helpers/nodeErrors';
import { readSecret } from '../../secret/secretInput';
import {
	defaultSecretKeys,
	parseConfigJson,
	parseSecretKeys,
	pathText,
	planSecretFields,
	requireReference,
	setAtPath,
	type ConfigPlan,
} from './connectorConfig';

/**
 * A connector's config from its fields or its JSON: the plan (config plus the inline secrets to
 * register first) is read and checked completely before the first request.
 */

export const GOOGLE_DRIVE = 'google_drive';
const SERVICE_ACCOUNT_KEY = 'service_account_key';

export function requiredText(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty`, { itemIndex, description: `Enter the ${label}.` });
	}
	return value;
}

export async function driveFieldsPlan(ctx: IExecuteFunctions, itemIndex: number): Promise<ConfigPlan> {
	const config: Record<string, unknown> = {
		drive_id: requiredText(ctx, 'driveId', 'Drive ID', itemIndex),
		recursive: ctx.getNodeParameter('recursive', itemIndex, true) as boolean,
	};
	const input = ctx.getNodeParameter('serviceAccountKeyInput', itemIndex, 'reference') as 'reference' | 'text' | 'binary';
	if (input === 'reference') {
		config[SERVICE_ACCOUNT_KEY] = requireReference(
			{ id: ctx.getNodeParameter('referenceId', itemIndex, ''), type: ctx.getNodeParameter('referenceType', itemIndex, '') },
			'the Secret ID / Secret Type fields',
		);
		return { config, inline: [] };
	}
	const plaintext = await readSecret(ctx, itemIndex, {
		mode: input,
		label: 'Service Account Key',
		text: input === 'text' ? ctx.getNodeParameter('serviceAccountKey', itemIndex, '') : undefined,
		binaryProperty: input === 'binary' ? (ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string) : undefined,
		json: 'object',
	});
	config[SERVICE_ACCOUNT_KEY] = null;
	return { config, inline: [{ path: [SERVICE_ACCOUNT_KEY], plaintext }] };
}

export function jsonPlan(ctx: IExecuteFunctions, itemIndex: number): ConfigPlan {
	const config = parseConfigJson(ctx.getNodeParameter('configJson', itemIndex, '{}'));
	const defaultKeys = defaultSecretKeys(ctx.getNodeParameter('resource', 0));
	return planSecretFields(config, parseSecretKeys(ctx.getNodeParameter('encryptedConfigKeys', itemIndex, defaultKeys)));
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
