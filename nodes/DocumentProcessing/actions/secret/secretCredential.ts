import type { ICredentialsDecrypted, ICredentialTestFunctions, IExecuteFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { pickedCredentialSecret } from '../../secrets/secretSources';

/** The credential Register Secret reads its secret from (Secret Input › Credential). */
export const SECRET_CREDENTIAL = 'documentProcessingSecretApi';

/** The picked credential's secret, for this item. */
export async function credentialSecret(ctx: IExecuteFunctions, itemIndex: number): Promise<unknown> {
	return await pickedCredentialSecret(ctx, itemIndex, { type: SECRET_CREDENTIAL, label: 'Document Processing Secret API', instead: 'set Secret Input to Binary File or Expression' });
}

/** The credential's test, run when a user saves one: the secret is there (checked without a request, never quoted). */
export async function documentProcessingSecretTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const secret = credential.data?.secret;
	const given = typeof secret === 'string' && secret.trim() !== '';
	return await Promise.resolve(
		given ? { status: 'OK', message: 'The secret is there. Register Secret encrypts it when it runs.' } : { status: 'Error', message: 'The secret is empty' },
	);
}
