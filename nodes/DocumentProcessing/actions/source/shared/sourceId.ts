import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { sourceLocator } from '../../../descriptions/pickers';
import { connectorIdFrom } from '../../common/connector/connectorId';
import type { ConnectorResource } from '../../common/connector/connectorOperations';

/**
 * The one Source Connector field of every operation that names a source connector: a "From list" picker
 * (these operations are new, so no saved workflow holds a plain string here).
 */
export const sourceIdProperty: INodeProperties = sourceLocator({
	displayName: 'Source Connector',
	description: 'The source connector: pick it from the list or give its ID (as returned by Create or Get Many)',
});

export const sourceIdFrom = (ctx: IExecuteFunctions, itemIndex: number): string => connectorIdFrom(ctx, itemIndex, sourceIdProperty);

export const SOURCE: ConnectorResource = { kind: 'source', resource: 'source', label: 'source connector', idProperty: sourceIdProperty, idFrom: sourceIdFrom };
