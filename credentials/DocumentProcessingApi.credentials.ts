import type {
	IAuthenticateGeneric,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

// The credential test is the action node's `documentProcessingApiTest` (methods/credentialTest.ts):
// it reads the account's key and falls back to the encryption certificate when /users/retrieve is
// absent, which a declarative test request cannot do.

export class DocumentProcessingApi implements ICredentialType {
	name = 'documentProcessingApi';

	displayName = 'Document Processing API';

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-document-processing#credential';

	icon = { light: 'file:../icons/documentProcessing.svg', dark: 'file:../icons/documentProcessing.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Generated in the service’s web interface under API Keys → Generate API Key',
		},
		{
			displayName: 'Workflow Endpoint',
			name: 'baseUrl',
			type: 'string',
			default: 'https://platform.docservice.example',
			required: true,
			placeholder: 'https://your-account.docservice.example',
			hint: 'Use the workflow endpoint address supplied with your account, not the default. A trailing slash or /api/v1 is fine.',
			description: 'Host root of your account’s workflow endpoint (jobs, workflows, secrets, connectors, notifications)',
		},
		{
			displayName: 'Partition URL',
			name: 'partitionUrl',
			type: 'string',
			default: 'https://api.docservice.example/general/v0/general',
			required: true,
			description: 'Full address of the one-shot partition endpoint; it usually ends in /general/v0/general',
		},
		{
			displayName: 'Allow HTTP Webhooks on Loopback (Local Testing Only)',
			name: 'allowHttpWebhooksOnLoopback',
			type: 'boolean',
			default: false,
			description:
				'Whether webhook channels may use http:// to 127.0.0.1, ::1 or localhost. Only for a local emulator and tests: the real service accepts HTTPS webhook addresses only, so leave this off.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'service-api-key': '={{$credentials.apiKey}}',
			},
		},
	};
}
