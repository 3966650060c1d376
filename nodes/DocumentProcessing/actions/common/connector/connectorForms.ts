import type { INodeProperties } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { mergeInOrder } from '../../../descriptions/mergedProperties';
import { connectorFormProperties } from './connectorForm';
import { withDriveKeyFile } from './formSecretInputs';

/** A resource's config form, shown for Create and Update (a field may name one of them itself). */
export function connectorFormOf(kind: ConnectorKind): INodeProperties[] {
	return withDriveKeyFile(kind, connectorFormProperties(kind)).map((property) => {
		const { show = {}, hide } = property.displayOptions ?? {};
		const shown = { resource: [kind], operation: ['create', 'update'], ...show };
		return { ...property, displayOptions: hide ? { show: shown, hide } : { show: shown } };
	});
}

/**
 * The config forms of sources and destinations as one block, after every resource's own fields
 * (Name, the connector's ID): a field a type's source and destination share alike (S3's Remote
 * URL, Elasticsearch's Hosts) is one property shown for both.
 */
export const connectorForms: INodeProperties[] = mergeInOrder(connectorFormOf('destination'), connectorFormOf('source'));
