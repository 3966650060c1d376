/** Bad connector ids and configs, connection-check options, and event inbox filters and choosers. */
import { SECRET_PLAINTEXT } from '../bench';
import { type BadInput, fromJson } from './case';

export const CONNECTOR_AND_EVENT_INPUTS: BadInput[] = [
	{ name: 'a source id with a slash', parameters: { resource: 'source', operation: 'get', sourceId: 'a/b' }, message: /^Source Connector "a\/b" is not a valid ID$/, itemIndex: 0 },
	{ name: 'a blank destination id', parameters: { resource: 'destination', operation: 'delete', destinationId: '   ' }, message: /^Destination Connector is empty$/, itemIndex: 0 },
	{
		name: 'a destination config that is not JSON',
		parameters: { resource: 'destination', operation: 'create', destinationName: 'Out', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: fromJson('config') },
		items: [{ json: { config: `{"remote_url": "s3://b/", "secret": ${SECRET_PLAINTEXT}` } }],
		message: /^Config \(JSON\) is not valid JSON \(line 1, column 37\)$/,
		mustNotShow: SECRET_PLAINTEXT,
		itemIndex: 0,
	},
	{
		name: 'a connection-check timeout of 0',
		parameters: { resource: 'source', operation: 'checkConnection', sourceId: 's1', waitForResult: true, checkOptions: { timeoutSeconds: 0 } },
		message: /^Options › Timeout \(Seconds\) must be above 0$/,
		itemIndex: 0,
	},
	{
		name: 'an event filter with an unknown type',
		parameters: { resource: 'notification', operation: 'getAll', filters: { eventTypes: ['job.exploded'] } },
		message: /^Filters → Event Types: "job\.exploded" is not an event type$/,
		itemIndex: 0,
	},
	{
		name: 'an event filter time that is no date',
		parameters: { resource: 'notification', operation: 'getAll', filters: { since: '={{ "yesterday" }}' } },
		message: /^Filters → Since "yesterday" is not a date$/,
		itemIndex: 0,
	},
	{
		name: 'a notification id to mark that is no UUID',
		parameters: { resource: 'notification', operation: 'markRead', markBy: 'ids', notificationIds: 'abc' },
		message: /^Notification IDs \(entry 1\) "abc" is not a valid ID$/,
		itemIndex: 0,
	},
	{
		name: 'an unread count filter whose workflow is no UUID',
		parameters: { resource: 'notification', operation: 'getUnreadCount', filters: { workflowId: 'my workflow' } },
		message: /^Filters → Workflow ID "my workflow" is not a valid ID$/,
		itemIndex: 0,
	},
];
