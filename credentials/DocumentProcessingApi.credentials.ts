import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

// The credential test runs inside n8n's own HTTP helper, so the base URL is normalised with an
// expression here; node code normalises the same way in transport/connection.ts.
const apiRoot = '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/api\\/v1$/i, "")}}';

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
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'service-api-key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: apiRoot,
			url: '/api/v1/users/retrieve',
			method: 'POST',
			headers: { accept: 'application/json' },
		},
	};
}
