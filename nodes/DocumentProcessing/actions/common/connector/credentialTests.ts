import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { awsKeySecrets, pairSecrets } from './credentialSecrets';

/*
 * The connector credentials' tests, run when a user saves one. The service checks a connector's
 * secrets only when it reaches the connector's system (Check Connection), so these check the
 * credential's shape without a request, with the same readers the node uses; no message quotes a
 * value.
 */

function tested(read: () => unknown): INodeCredentialTestResult {
	try {
		read();
		return { status: 'OK', message: 'The secrets are complete. Check Connection on the connector tests them against its system.' };
	} catch (error) {
		return { status: 'Error', message: error instanceof Error ? error.message : 'The credential could not be read' };
	}
}

export async function documentProcessingAwsKeysTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	return await Promise.resolve(tested(() => awsKeySecrets(credential.data ?? {})));
}

export async function documentProcessingConnectorSecretsTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	return await Promise.resolve(tested(() => pairSecrets(credential.data ?? {})));
}
