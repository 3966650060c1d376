/** The shape of the generated connector table (connectorTable.data.json, read by connectorTable.ts); docs/connectors.md explains it. */

export type FieldType = 'string' | 'number' | 'boolean' | 'stringList';

export interface ConnectorField {
	/** The config key as the service names it. */
	key: string;
	/** The field's name in the node's form. */
	label: string;
	/** One line on what the field is, in the user's words (scripts/connectors/fieldText.json). */
	description: string;
	/** A sample value shown in the empty field. */
	placeholder?: string;
	type: FieldType;
	required: boolean;
	/** Whether the service accepts null for it. */
	nullable: boolean;
	secret: boolean;
	/** The documented default; absent when the service leaves the key out. */
	default?: string | number | boolean | null;
	/** Documented values, when the field is an enum. */
	options?: string[];
	/**
	 * The schemes a URL field's value must start with (e.g. `s3://`), as the service's docs write
	 * them; empty for a host name given without one. Absent: the value is not checked.
	 */
	schemes?: string[];
}

export interface ConnectorModel {
	/** The client's model name, or null when the client lists the type without a model (JSON only). */
	model: string | null;
	/** Whether the model takes keys beyond its fields. */
	extra: boolean;
	fields: ConnectorField[];
}

export interface ConnectorTypeEntry {
	id: string;
	name: string;
	source?: ConnectorModel;
	destination?: ConnectorModel;
}

export interface ConnectorTable {
	/** Where the file comes from, for whoever opens it. */
	about: string;
	client: { package: string; version: string; commit: string };
	types: ConnectorTypeEntry[];
}
