import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { connectorIdFrom } from '../../common/connector/connectorId';
import type { ConnectorResource } from '../../common/connector/connectorOperations';

/** The one Source ID field of every operation that names a source connector. */
export const sourceIdProperty: INodeProperties = {
	displayName: 'Source ID',
	name: 'sourceId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 8d3e5b7a-2c41-4f0e-9a6b-1f2e3d4c5b6a',
	description: 'ID of the source connector, as returned by Create or Get Many',
};

export const sourceIdFrom = (ctx: IExecuteFunctions, itemIndex: number): string => connectorIdFrom(ctx, itemIndex, sourceIdProperty);

export const SOURCE: ConnectorResource = { kind: 'source', resource: 'source', label: 'source connector', idProperty: sourceIdProperty, idFrom: sourceIdFrom };
