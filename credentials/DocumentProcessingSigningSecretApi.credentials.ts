import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// The secret the service signs a webhook notification channel's deliveries with, for Create of a
// channel, kept as n8n keeps credentials (encrypted at rest) instead of in a node parameter, which
// n8n saves as typed. The same secret then verifies the deliveries where they arrive. Its test
// (checks without a request) is the node's `documentProcessingSigningSecretTest`.

export class DocumentProcessingSigningSecretApi implements ICredentialType {
	name = 'documentProcessingSigningSecretApi';

	displayName = 'Document Processing Signing Secret API';

	documentationUrl = 'https://github.com/n8n-nodes-document-processing/n8n-nodes-document-processing/blob/main/docs/events-and-trigger.md#notification-channels';

	icon = { light: 'file:../icons/documentProcessing.svg', dark: 'file:../icons/documentProcessing.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Signing Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'e.g. whsec_ followed by 32 random bytes in base64',
			description: 'The secret the service signs a webhook channel’s deliveries with (Standard Webhooks), 24 to 75 ASCII characters',
		},
	];
}
