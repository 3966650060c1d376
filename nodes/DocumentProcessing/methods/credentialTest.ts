import type { ICredentialsDecrypted, ICredentialTestFunctions, INode, INodeCredentialTestResult } from 'n8n-workflow';
import { checkKeyAccess } from '../api/secrets';
import { connectionFromCredential } from '../transport';

// The test runs outside any workflow, so errors are built against a stand-in node.
const TEST_NODE: INode = {
	id: 'credential-test',
	name: 'Document Processing credential test',
	type: 'n8n-nodes-document-processing.documentProcessing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * The credential test: reads the account's public key, the one call every account may make and
 * that changes nothing. It is a node method rather than the credential's declarative request so
 * it can fall back to the encryption-certificate call when `/users/retrieve` is absent.
 */
export async function documentProcessingApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	try {
		const connection = connectionFromCredential(credential.data ?? {});
		await checkKeyAccess({ node: TEST_NODE, connection, retry: { maxAttempts: 2 } });
		return { status: 'OK', message: 'Connection successful' };
	} catch (error) {
		const description = (error as { description?: unknown }).description;
		const message = error instanceof Error ? error.message : String(error);
		return { status: 'Error', message: typeof description === 'string' && description ? `${message} — ${description}` : message };
	}
}
