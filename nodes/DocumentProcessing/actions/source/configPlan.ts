import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { CallContext } from '../../api/context';
import { registerSecret, type SecretReference } from '../../api/secrets';
import { readSecret } from '../secret/secretInput';
import {
	DEFAULT_SECRET_KEYS,
	parseConfigJson,
	parseSecretKeys,
	pathText,
	planSecretFields,
	requireReference,
	setAtPath,
	type ConfigPlan,
} from './sourceConfig';

/**
 * Create Source Connector's config from its fields: the plan (config plus the inline secrets to
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
	return planSecretFields(config, parseSecretKeys(ctx.getNodeParameter('encryptedConfigKeys', itemIndex, DEFAULT_SECRET_KEYS)));
}

/** Registers each distinct plaintext once and puts its reference in place of every occurrence. */
export async function registerInlineSecrets(call: CallContext, plan: ConfigPlan): Promise<Array<{ key: string; reference: SecretReference }>> {
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
