import type { ConnectorKind } from '../../../api/connectors';
import { CONNECTOR_TABLE } from './connectorTable';
import type { ConnectorField, ConnectorModel, ConnectorTypeEntry } from './connectorTableTypes';

/**
 * Questions asked of the generated connector table: which types a source or destination can be,
 * and what one type's config holds.
 */

/** The Connector Type value for a type the table lacks (config as JSON, its type named by the user). */
export const OTHER_TYPE = 'other';

export interface KindType {
	entry: ConnectorTypeEntry;
	model: ConnectorModel;
}

export function typesOf(kind: ConnectorKind): KindType[] {
	const found: KindType[] = [];
	for (const entry of CONNECTOR_TABLE.types) {
		const model = entry[kind];
		if (model) found.push({ entry, model });
	}
	return found;
}

export function modelOf(kind: ConnectorKind, typeId: string): ConnectorModel | undefined {
	return CONNECTOR_TABLE.types.find((entry) => entry.id === typeId)?.[kind];
}

export function typeName(typeId: string): string {
	return CONNECTOR_TABLE.types.find((entry) => entry.id === typeId)?.name ?? typeId;
}

/** Types the client lists without a model: their config can only be written as JSON. */
export function jsonOnlyTypes(kind: ConnectorKind): string[] {
	return typesOf(kind)
		.filter(({ model }) => model.model === null)
		.map(({ entry }) => entry.id);
}

export function secretPaths(model: ConnectorModel): string[][] {
	return model.fields.filter((field) => field.secret).map((field) => [field.key]);
}

/** A parameter name for a type's field: type ids hold `-`, which n8n's parameter paths avoid. */
export function fieldParameter(typeId: string, field: ConnectorField): string {
	return `${typeSlug(typeId)}_${field.key}`;
}

export function optionsParameter(typeId: string): string {
	return `${typeSlug(typeId)}_options`;
}

function typeSlug(typeId: string): string {
	return `cfg_${typeId.replace(/[^a-z0-9]/gi, '_')}`;
}
