import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { registerSecret } from '../../api/secrets';
import { runPerItem } from '../../helpers/items';
import { readSecret, type SecretInputMode } from './secretInput';
import { inputBinaryField } from '../../descriptions/binaryInput';

const properties: INodeProperties[] = [
	{
		displayName: 'Secret Input',
		name: 'secretInput',
		type: 'options',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'A file of the input item, e.g. a service-account JSON key',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'A value typed here or given by an expression',
			},
		],
		default: 'text',
		description: 'Where the secret comes from',
	},
	{
		displayName: 'Secret',
		name: 'secretValue',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description: 'The secret to register. It is encrypted inside n8n with the account’s public key; only the encrypted form is sent.',
		displayOptions: { show: { secretInput: ['text'] } },
	},
	inputBinaryField('The name of the input binary field containing the secret file', {
		displayOptions: { show: { secretInput: ['binary'] } },
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Secret Is JSON',
				name: 'isJson',
				type: 'boolean',
				default: false,
				description: 'Whether the secret must be valid JSON (e.g. a service-account key); it is checked before anything is sent',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['secret'], operation: ['register'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const mode = this.getNodeParameter('secretInput', itemIndex, 'text') as SecretInputMode;
		const options = this.getNodeParameter('options', itemIndex, {}) as { isJson?: boolean };
		const secret = await readSecret(this, itemIndex, {
			mode,
			label: 'Secret',
			text: mode === 'text' ? this.getNodeParameter('secretValue', itemIndex, '') : undefined,
			binaryProperty: mode === 'binary' ? (this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string) : undefined,
			json: options.isJson === true ? 'any' : false,
		});
		const reference = await registerSecret(await callContextFor(this, itemIndex), secret);
		return { id: reference.id, type: reference.type };
	});
}
