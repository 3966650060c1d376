import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { registerSecret, type SecretReference } from '../../api/secrets';
import { createSource } from '../../api/sources';
import { runPerItem } from '../../helpers/items';
import type { CallContext } from '../../transport';
import { readSecret } from '../secret/secretInput';
import {
	ConfigProblem,
	DEFAULT_SECRET_KEYS,
	parseConfigJson,
	parseSecretKeys,
	pathText,
	planSecretFields,
	requireReference,
	setAtPath,
	type ConfigPlan,
} from './sourceConfig';
import { asNodeError } from '../../helpers/nodeErrors';

const GOOGLE_DRIVE = 'google_drive';
const SERVICE_ACCOUNT_KEY = 'service_account_key';

/** Raw JSON config, offered for the drive connector (JSON mode) and for every other type. */
function jsonConfigProperties(show: Record<string, string[]>, example: string): INodeProperties[] {
	return [
		{
			displayName: 'Config (JSON)',
			name: 'configJson',
			type: 'json',
			required: true,
			default: example,
			description: 'The connector’s config as a JSON object. A secret key (see Secret Config Keys) may hold its plaintext value or the reference object Register Secret outputs.',
			displayOptions: { show },
		},
		{
			displayName: 'Secret Config Keys',
			name: 'encryptedConfigKeys',
			type: 'string',
			default: DEFAULT_SECRET_KEYS,
			placeholder: 'e.g. service_account_key, auth.token',
			description:
				'Comma-separated config keys (dot paths for nested keys) whose values are secrets. A reference is sent as it is; any other value is encrypted and registered first, then replaced by its reference, so the plaintext never reaches the service.',
			displayOptions: { show },
		},
	];
}

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'sourceName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Invoices drive',
		description: 'Name of the source connector',
	},
	{
		displayName: 'Connector Type',
		name: 'connectorType',
		type: 'options',
		options: [
			{ name: 'Google Drive', value: GOOGLE_DRIVE },
			{ name: 'Other', value: 'other', description: 'Any other connector type, with its config as JSON' },
		],
		default: GOOGLE_DRIVE,
	},
	{
		displayName: 'Type Name',
		name: 'customType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. s3',
		description: 'The connector type as the service names it',
		displayOptions: { show: { connectorType: ['other'] } },
	},
	{
		displayName: 'Config Input',
		name: 'configMode',
		type: 'options',
		options: [
			{ name: 'Fields', value: 'fields', description: 'The drive connector’s fields' },
			{ name: 'JSON', value: 'json', description: 'The whole config as JSON' },
		],
		default: 'fields',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE] } },
	},
	{
		displayName: 'Drive ID',
		name: 'driveId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 0ABcDeFgHiJkLmNoPQ',
		description: 'ID of the shared drive or folder to read',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'] } },
	},
	{
		displayName: 'Recursive',
		name: 'recursive',
		type: 'boolean',
		default: true,
		description: 'Whether to read the files of subfolders too',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'] } },
	},
	{
		displayName: 'Service Account Key Input',
		name: 'serviceAccountKeyInput',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'A key file of the input item; encrypted and registered by the node first',
			},
			{
				name: 'Existing Secret Reference',
				value: 'reference',
				description: 'The ID and type of a secret registered before, e.g. by Register Secret',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'The key’s JSON; encrypted and registered by the node first',
			},
		],
		default: 'reference',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'] } },
	},
	{
		displayName: 'Secret ID',
		name: 'referenceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 8d3e5b7a-2c41-4f0e-9a6b-1f2e3d4c5b6a',
		description: 'ID of the registered secret that holds the service-account key; map the ID field of a Register Secret output here',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'], serviceAccountKeyInput: ['reference'] } },
	},
	{
		displayName: 'Secret Type',
		name: 'referenceType',
		type: 'string',
		required: true,
		default: 'rsa_aes',
		description: 'Type of the registered secret, as Register Secret outputs it',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'], serviceAccountKeyInput: ['reference'] } },
	},
	{
		displayName: 'Service Account Key',
		name: 'serviceAccountKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description: 'The service-account key JSON. The node encrypts it with the account’s public key and registers it; only its reference is sent with the connector.',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'], serviceAccountKeyInput: ['text'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field containing the service-account key file',
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'], serviceAccountKeyInput: ['binary'] } },
	},
	...jsonConfigProperties(
		{ connectorType: [GOOGLE_DRIVE], configMode: ['json'] },
		'{\n  "drive_id": "",\n  "recursive": true,\n  "service_account_key": { "id": "", "type": "rsa_aes" }\n}',
	),
	...jsonConfigProperties({ connectorType: ['other'] }, '{\n}'),
];

export const description = updateDisplayOptions({ show: { resource: ['source'], operation: ['create'] } }, properties);

function requiredText(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty`, { itemIndex, description: `Enter the ${label}.` });
	}
	return value;
}

async function driveFieldsPlan(ctx: IExecuteFunctions, itemIndex: number): Promise<ConfigPlan> {
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

function jsonPlan(ctx: IExecuteFunctions, itemIndex: number): ConfigPlan {
	const config = parseConfigJson(ctx.getNodeParameter('configJson', itemIndex, '{}'));
	return planSecretFields(config, parseSecretKeys(ctx.getNodeParameter('encryptedConfigKeys', itemIndex, DEFAULT_SECRET_KEYS)));
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

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const name = requiredText(this, 'sourceName', 'Name', itemIndex);
		const connectorType = this.getNodeParameter('connectorType', itemIndex, GOOGLE_DRIVE) as string;
		const type = connectorType === 'other' ? requiredText(this, 'customType', 'Type Name', itemIndex) : GOOGLE_DRIVE;
		const configMode = connectorType === 'other' ? 'json' : (this.getNodeParameter('configMode', itemIndex, 'fields') as string);

		// Everything is checked before the first request, so a bad field registers no orphan secret.
		let plan: ConfigPlan;
		try {
			plan = configMode === 'fields' ? await driveFieldsPlan(this, itemIndex) : jsonPlan(this, itemIndex);
		} catch (error) {
			if (!(error instanceof ConfigProblem)) throw asNodeError(this.getNode(), error, itemIndex);
			throw new NodeOperationError(this.getNode(), error.message, { itemIndex, description: error.hint });
		}

		const call = await callContextFor(this, itemIndex);
		const registered = await registerInlineSecrets(call, plan);
		try {
			return await createSource(call, { name, type, config: plan.config });
		} catch (error) {
			if (registered.length > 0 && (error instanceof NodeApiError || error instanceof NodeOperationError)) {
				const kept = registered.map(({ key, reference }) => `${key} → {"id": "${reference.id}", "type": "${reference.type}"}`).join(', ');
				error.description = `${error.description ?? ''} The inline secrets were registered before this failure and can be reused as references: ${kept}.`.trim();
			}
			throw asNodeError(this.getNode(), error, itemIndex);
		}
	});
}
