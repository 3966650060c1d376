import type { INodeProperties } from 'n8n-workflow';
import * as register from './register.operation';

export { register };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['secret'] } },
		options: [
			{
				name: 'Register',
				value: 'register',
				description: 'Encrypt a secret (e.g. a service-account key) here and register it; returns the secret ID that connector configs refer to',
				action: 'Register secret',
			},
		],
		default: 'register',
	},
	...register.description,
];
