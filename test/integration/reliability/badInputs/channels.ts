/** Bad notification channels and event subscriptions (action node and trigger): addresses, verification codes, event types. */
import type { INodeParameters } from 'n8n-workflow';
import { NOWHERE } from '../bench';
import type { BadInput } from './case';

const webhookChannel = (extra: INodeParameters): INodeParameters => ({
	resource: 'notificationChannel',
	operation: 'create',
	scope: 'workspace',
	channelType: 'webhook',
	url: `${NOWHERE}/hook`,
	eventTypes: ['job.completed'],
	...extra,
});

export const CHANNEL_INPUTS: BadInput[] = [
	{
		name: 'an e-mail address without @',
		parameters: { resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'email', recipientEmail: 'ops.example.com', eventTypes: ['job.completed'] },
		message: /^Recipient E-Mail "ops\.example\.com" is not an e-mail address$/,
		itemIndex: 0,
	},
	{
		name: 'a verification code of 5 digits',
		parameters: { resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: 'c1', code: '12345' },
		message: /^Verification Code has 5 digits: it must be exactly six digits$/,
		itemIndex: 0,
	},
	{
		name: 'a verification code with letters',
		parameters: { resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: 'c1', code: '12a456' },
		message: /^Verification Code contains characters other than digits: it must be exactly six digits$/,
		itemIndex: 0,
	},
	{ name: 'an empty event type list', parameters: webhookChannel({ eventTypes: '={{ [] }}' }), message: /^Event Types is empty$/, itemIndex: 0 },
	{ name: 'a signing secret of 8 bytes', parameters: webhookChannel({ signingSecretInput: 'expression', signingSecret: '={{ "whsec_ab" }}' }), message: /^The Signing Secret is 8 bytes long; the service takes 24 to 75$/, itemIndex: 0 },
	{ name: 'a signing secret typed into the node', parameters: webhookChannel({ signingSecretInput: 'expression', signingSecret: 'whsec_typed-into-the-node-123' }), message: /^Signing Secret holds a typed value$/, itemIndex: 0 },
	{ name: 'a public http webhook address', parameters: webhookChannel({ url: 'http://n8n.example.com/webhook/x' }), message: /^The service requires an HTTPS webhook address/, itemIndex: 0 },
	{ name: 'an unknown event type', parameters: webhookChannel({ eventTypes: '={{ ["job.exploded"] }}' }), message: /^Event Types contains an unknown event: job\.exploded$/, itemIndex: 0 },
	{ name: 'a webhook URL that is not http(s)', parameters: webhookChannel({ url: 'ftp://example.com/hook' }), message: /^URL "ftp:\/\/example\.com\/hook" is not an http\(s\) address$/, itemIndex: 0 },
	{ name: 'a trigger with no events', trigger: true, parameters: { events: '={{ [] }}' }, message: /^Events is empty$/ },
];
