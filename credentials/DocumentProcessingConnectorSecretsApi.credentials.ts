import type { ICredentialType, INodeProperties } from 'n8n-workflow';

// The secrets of a source or destination connector of the service (a database password, an API
// key, a service-account key), kept as n8n keeps credentials (encrypted at rest) instead of in a
// node parameter, which n8n saves as typed. Each pair is a config key as the service names it and
// its value; the node encrypts each value with the account's public key before sending. n8n's own
// credential types (postgres, googleApi, …) cannot be used: a community package may only use the
// credentials it defines (n8n's lint rule no-credential-reuse and its package scanner). Its test
// (checks without a request) is the node's `documentProcessingConnectorSecretsTest`.

export class DocumentProcessingConnectorSecretsApi implements ICredentialType {
	name = 'documentProcessingConnectorSecretsApi';

	displayName = 'Document Processing Connector Secrets API';

	documentationUrl = 'https://github.com/n8n-nodes-document-processing/n8n-nodes-document-processing/blob/main/docs/connectors.md#secrets-from-credentials';

	icon = { light: 'file:../icons/documentProcessing.svg', dark: 'file:../icons/documentProcessing.dark.svg' } as const;

	properties: INodeProperties[] = [
		{
			displayName: 'Secrets',
			name: 'pairs',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			default: { values: [{ name: '', value: '' }] },
			placeholder: 'Add Secret',
			description: 'The connector’s secret settings, each under its config key as the service names it (e.g. password, api_key, service_account_key)',
			options: [
				{
					displayName: 'Secret',
					name: 'values',
					values: [
						{
							displayName: 'Config Key',
							name: 'name',
							type: 'string',
							default: '',
							placeholder: 'e.g. password',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							typeOptions: { password: true },
							default: '',
						},
					],
				},
			],
		},
	];
}
