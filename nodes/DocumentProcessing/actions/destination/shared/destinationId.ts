import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { destinationLocator } from '../../../descriptions/pickers';
import { connectorIdFrom } from '../../common/connector/connectorId';
import type { ConnectorResource } from '../../common/connector/connectorOperations';

/**
 * The one Destination Connector field of every operation that names a destination connector: a "From list" picker
 * (these operations are new, so no saved workflow holds a plain string here).
 */
export const destinationIdProperty: INodeProperties = destinationLocator({
	displayName: 'Destination Connector',
	description: 'The destination connector: pick it from the list or give its ID (as returned by Create or Get Many)',
});

export const destinationIdFrom = (ctx: IExecuteFunctions, itemIndex: number): string => connectorIdFrom(ctx, itemIndex, destinationIdProperty);

export const DESTINATION: ConnectorResource = {
	kind: 'destination',
	resource: 'destination',
	label: 'destination connector',
	idProperty: destinationIdProperty,
	idFrom: destinationIdFrom,
};
