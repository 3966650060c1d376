import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// The keys an Amazon S3 source or destination connector of the service uses to read or write a
// private bucket. n8n's own `aws` credential cannot be used: a community package may only use the
// credentials it defines (n8n's lint rule no-credential-reuse and its package scanner). The field
// names follow n8n's AWS credential. The node encrypts each value with the account's public key
// before sending; its test (checks without a request) is the node's `documentProcessingAwsKeysTest`.

export class DocumentProcessingAwsKeysApi implements ICredentialType {
	name = 'documentProcessingAwsKeysApi';

	displayName = 'Document Processing Connector: AWS Access Keys';

	documentationUrl = 'https://github.com/n8n-nodes-document-processing/n8n-nodes-document-processing/blob/main/docs/connectors.md#secrets-from-credentials';

	icon = { light: 'file:../icons/documentProcessing.svg', dark: 'file:../icons/documentProcessing.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Access Key ID',
			name: 'accessKeyId',
			type: 'string',
			default: '',
			required: true,
			description: 'The access key ID of an IAM user (or role session) allowed to read or write the bucket',
		},
		{
			displayName: 'Secret Access Key',
			name: 'secretAccessKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Only for temporary security credentials from AWS STS',
		},
	];
}
