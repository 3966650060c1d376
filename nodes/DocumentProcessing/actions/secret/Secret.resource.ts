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
				description: 'Encrypt a secret here and register it for connectors',
				action: 'Register secret',
			},
		],
		default: 'register',
	},
	...register.description,
];
