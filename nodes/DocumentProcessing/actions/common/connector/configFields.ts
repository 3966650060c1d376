import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { inputBinaryField } from '../../../descriptions/binaryInput';
import { asOperationError } from '../../../helpers/inputProblem';
import { driveFieldsPlan, GOOGLE_DRIVE, jsonPlan } from './configPlan';
import { DEFAULT_SECRET_KEYS, type ConfigPlan } from './connectorConfig';

/*
 * The config fields of a source connector (Create, Update): the drive connector's own fields or
 * JSON, any other type as JSON; destinations use the JSON fields alone.
 */

/** Raw JSON config: the drive connector's JSON mode, every other source type, and destinations. */
export function jsonConfigProperties(example: string, show?: Record<string, string[]>, secretKeys = DEFAULT_SECRET_KEYS): INodeProperties[] {
	const displayOptions = show ? { displayOptions: { show } } : {};
	return [
		{
			displayName: 'Config (JSON)',
			name: 'configJson',
			type: 'json',
			required: true,
			default: example,
			description: 'The connector’s config as a JSON object. A secret key (see Secret Config Keys) may hold its plaintext value or the reference object Register Secret outputs.',
			...displayOptions,
		},
		{
			displayName: 'Secret Config Keys',
			name: 'encryptedConfigKeys',
			type: 'string',
			default: secretKeys,
			placeholder: 'e.g. service_account_key, auth.token',
			description:
				'Comma-separated config keys (dot paths for nested keys) whose values are secrets. A reference is sent as it is; any other value is encrypted and registered first, then replaced by its reference, so the plaintext never reaches the service.',
			...displayOptions,
		},
	];
}

export const connectorTypeProperty: INodeProperties = {
	displayName: 'Connector Type',
	name: 'connectorType',
	type: 'options',
	options: [
		{ name: 'Google Drive', value: GOOGLE_DRIVE },
		{ name: 'Other', value: 'other', description: 'Any other connector type, with its config as JSON' },
	],
	default: GOOGLE_DRIVE,
};

/** The drive connector's fields (Config Input › Fields) and its JSON mode. */
export const driveConfigProperties: INodeProperties[] = [
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
	inputBinaryField('The name of the input binary field containing the service-account key file', {
		displayOptions: { show: { connectorType: [GOOGLE_DRIVE], configMode: ['fields'], serviceAccountKeyInput: ['binary'] } },
	}),
	...jsonConfigProperties(
		'{\n  "drive_id": "",\n  "recursive": true,\n  "service_account_key": { "id": "", "type": "rsa_aes" }\n}',
		{ connectorType: [GOOGLE_DRIVE], configMode: ['json'] },
	),
];

/** The chosen form's config plan, checked before any request (a bad field registers no secret). */
export async function readConfigPlan(ctx: IExecuteFunctions, itemIndex: number): Promise<ConfigPlan> {
	const connectorType = ctx.getNodeParameter('connectorType', itemIndex, GOOGLE_DRIVE) as string;
	const configMode = connectorType === 'other' ? 'json' : (ctx.getNodeParameter('configMode', itemIndex, 'fields') as string);
	try {
		return configMode === 'fields' ? await driveFieldsPlan(ctx, itemIndex) : jsonPlan(ctx, itemIndex);
	} catch (error) {
		throw asOperationError(ctx.getNode(), error, itemIndex);
	}
}
