import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// One secret for Register Secret (e.g. a database password or a service-account key's JSON), kept
// as n8n keeps credentials (encrypted at rest) instead of in a node parameter, which n8n saves as
// typed. The node encrypts it with the account's public key and sends only the encrypted form.
// Its test (checks without a request) is the node's `documentProcessingSecretTest`.

export class DocumentProcessingSecretApi implements ICredentialType {
	name = 'documentProcessingSecretApi';

	displayName = 'Document Processing Secret API';

	documentationUrl = 'https://github.com/n8n-nodes-document-processing/n8n-nodes-document-processing/blob/main/docs/connectors.md#register-secret';

	icon = { light: 'file:../icons/documentProcessing.svg', dark: 'file:../icons/documentProcessing.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The secret Register Secret encrypts and registers, e.g. a password or the whole JSON of a service-account key file',
		},
	];
}
