import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callContextFor } from '../../api/context';
import { registerSecret } from '../../api/secrets';
import { runPerItem } from '../../helpers/items';
import { readSecret, type SecretInputMode } from './secretInput';
import { inputBinaryField } from '../../descriptions/binaryInput';
import { credentialSecret } from './secretCredential';
import { expressionOnlySecret } from '../../secrets/secretSources';

/** The field of Secret Input › Expression; masked in the node an error carries. */
export const SECRET_EXPRESSION_FIELD = 'secretValue';

/*
 * The secret never rests in a node parameter (n8n saves parameters as typed, in the workflow and
 * in every execution): it comes from a credential, a file of the input item, or an expression
 * evaluated at run time. A value typed into the expression field is refused.
 */
const properties: INodeProperties[] = [
	{
		displayName: 'Secret Input',
		name: 'secretInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Binary File', value: 'binary', description: 'A file of the input item, e.g. a service-account JSON key' },
			{ name: 'Credential', value: 'credential', description: 'A Document Processing Secret API credential picked above' },
			{ name: 'Expression', value: 'expression', description: 'A value an expression gives at run time, e.g. from the input item' },
		],
		default: 'credential',
		description: 'Where the secret comes from; never typed into the node, which n8n saves as typed',
	},
	{
		displayName: 'Secret',
		name: SECRET_EXPRESSION_FIELD,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.password }}',
		hint: 'An expression: a value typed here would be saved with the workflow, so it is refused',
		description: 'The secret to register. It is encrypted inside n8n with the account’s public key; only the encrypted form is sent.',
		displayOptions: { show: { secretInput: ['expression'] } },
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

const EXPRESSION_FIELD = { name: SECRET_EXPRESSION_FIELD, label: 'Secret', instead: 'set Secret Input to Credential' };

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const input = this.getNodeParameter('secretInput', itemIndex, 'credential') as string;
		const options = this.getNodeParameter('options', itemIndex, {}) as { isJson?: boolean };
		const mode: SecretInputMode = input === 'binary' ? 'binary' : 'text';
		const secret = await readSecret(this, itemIndex, {
			mode,
			label: 'Secret',
			text: input === 'credential' ? await credentialSecret(this, itemIndex) : input === 'expression' ? expressionOnlySecret(this, itemIndex, EXPRESSION_FIELD) : undefined,
			binaryProperty: mode === 'binary' ? (this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string) : undefined,
			json: options.isJson === true ? 'any' : false,
		});
		const reference = await registerSecret(await callContextFor(this, itemIndex), secret);
		return { id: reference.id, type: reference.type };
	});
}
