import type { ICredentialsDecrypted, ICredentialTestFunctions, IExecuteFunctions, INodeCredentialTestResult, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { MAX_SECRET_BYTES, MIN_SECRET_BYTES, signingSecretLength } from '../../api/channelRules';
import { expressionOnlySecret, pickedCredentialSecret, secretAsText } from '../../secrets/secretSources';

/*
 * A webhook channel's signing secret never rests in a node parameter (n8n saves parameters as
 * typed, in the workflow and in every execution): the service picks one, which the node does not
 * show, or it comes from a credential or an expression evaluated at run time.
 */

/** The credential Create takes the signing secret from (Signing Secret Input › Credential). */
const SIGNING_SECRET_CREDENTIAL = 'documentProcessingSigningSecretApi';

/** The field of Signing Secret Input › Expression; masked in the node an error carries. */
export const SIGNING_SECRET_EXPRESSION_FIELD = 'signingSecret';

const EXPRESSION_FIELD = { name: SIGNING_SECRET_EXPRESSION_FIELD, label: 'Signing Secret', instead: 'set Signing Secret Input to Credential' };

const webhookOnly = { show: { channelType: ['webhook'] } };

export const signingSecretProperties: INodeProperties[] = [
	{
		displayName: 'Signing Secret Input',
		name: 'signingSecretInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Chosen by the Service', value: 'service', description: 'The service picks one; the node does not show it, so deliveries cannot be verified elsewhere' },
			{ name: 'Credential', value: 'credential', description: 'A Document Processing Signing Secret API credential picked above, to verify deliveries where they arrive' },
			{ name: 'Expression', value: 'expression', description: 'A value an expression gives at run time, e.g. from the input item' },
		],
		default: 'service',
		description: 'Where the secret the service signs deliveries with comes from; never typed into the node, which n8n saves as typed',
		displayOptions: webhookOnly,
	},
	{
		displayName: 'Signing Secret',
		name: SIGNING_SECRET_EXPRESSION_FIELD,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.signingSecret }}',
		hint: 'An expression: a value typed here would be saved with the workflow, so it is refused',
		description: 'Secret the service signs deliveries with (Standard Webhooks: whsec_ followed by base64)',
		displayOptions: { show: { ...webhookOnly.show, signingSecretInput: ['expression'] } },
	},
];

const CREDENTIAL = { type: SIGNING_SECRET_CREDENTIAL, label: 'Document Processing Signing Secret API', instead: 'set Signing Secret Input to Chosen by the Service or Expression' };

/** The signing secret for a webhook channel's Create; undefined when the service picks one. */
export async function signingSecretFrom(ctx: IExecuteFunctions, itemIndex: number): Promise<string | undefined> {
	const input = ctx.getNodeParameter('signingSecretInput', itemIndex, 'service') as string;
	if (input === 'service') return undefined;
	const value = input === 'credential' ? await pickedCredentialSecret(ctx, itemIndex, CREDENTIAL) : expressionOnlySecret(ctx, itemIndex, EXPRESSION_FIELD);
	const secret = secretAsText(value);
	if (secret.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'Signing Secret is empty', {
			itemIndex,
			description: input === 'credential' ? 'Enter the signing secret in the credential.' : 'The expression gave no value; check what it maps.',
		});
	}
	return secret;
}

/** The credential's test, run when a user saves one: a secret the service takes (checked without a request, never quoted). */
export async function documentProcessingSigningSecretTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const secret = credential.data?.secret;
	const { bytes, fits } = signingSecretLength(typeof secret === 'string' ? secret : '');
	return await Promise.resolve(
		fits
			? { status: 'OK', message: 'The signing secret has a length the service takes. Create a webhook channel with it to use it.' }
			: { status: 'Error', message: `The signing secret is ${bytes} bytes long; the service takes ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES}` },
	);
}
