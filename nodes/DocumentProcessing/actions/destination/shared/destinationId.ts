import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { connectorIdFrom } from '../../common/connector/connectorId';
import type { ConnectorResource } from '../../common/connector/connectorOperations';

/** The one Destination ID field of every operation that names a destination connector. */
export const destinationIdProperty: INodeProperties = {
	displayName: 'Destination ID',
	name: 'destinationId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. c4a1f0d2-6b3e-4e8f-9d2a-7b5c3e1f0a94',
	description: 'ID of the destination connector, as returned by Create or Get Many',
};

export const destinationIdFrom = (ctx: IExecuteFunctions, itemIndex: number): string => connectorIdFrom(ctx, itemIndex, destinationIdProperty);

export const DESTINATION: ConnectorResource = {
	kind: 'destination',
	resource: 'destination',
	label: 'destination connector',
	idProperty: destinationIdProperty,
	idFrom: destinationIdFrom,
};
