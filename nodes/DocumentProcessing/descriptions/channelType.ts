import type { INodeProperties } from 'n8n-workflow';

/** Channel Type of the channel operations that create or list channels (names and values fixed). */
export function channelTypeProperty(extra: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Channel Type',
		name: 'channelType',
		type: 'options',
		options: [
			{ name: 'Webhook', value: 'webhook', description: 'The service POSTs signed events to a URL' },
			{ name: 'E-Mail', value: 'email', description: 'The service e-mails events once the address is verified' },
		],
		default: 'webhook',
		...extra,
	};
}
