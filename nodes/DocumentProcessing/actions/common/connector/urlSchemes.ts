import { InputProblem } from '../../../helpers/inputProblem';
import type { ConnectorField } from './connectorTableTypes';

/**
 * A URL field's value checked by its scheme before any request, as the service's docs write it
 * for the type (the `schemes` of the connector table, from scripts/connectors/urlSchemes.json):
 * an S3 Remote URL without s3:// would otherwise reach the service, which refuses it only then.
 * Messages name the field and the expected start, never the value (some URLs carry a password).
 */

function schemeWords(schemes: string[]): string {
	return schemes.length === 1 ? schemes[0] : `${schemes.slice(0, -1).join(', ')} or ${schemes[schemes.length - 1]}`;
}

function example(field: ConnectorField): string {
	return field.placeholder ? ` (${field.placeholder})` : '';
}

function checkOne(field: ConnectorField, schemes: string[], name: string, value: string): void {
	const text = value.trim().toLowerCase();
	if (schemes.length === 0) {
		if (text.includes('://')) {
			throw new InputProblem(`${name} must be a host name without a scheme such as https://`, `Leave out the part up to ://, as the service documents for this field${example(field)}.`);
		}
		return;
	}
	if (schemes.some((scheme) => text.startsWith(scheme))) return;
	throw new InputProblem(`${name} must start with ${schemeWords(schemes)}`, `Write the whole address with its scheme, as the service documents for this type${example(field)}.`);
}

/** Refuses a value (or a list entry) of a URL field that does not start with a documented scheme. */
export function checkUrlScheme(field: ConnectorField, name: string, value: unknown): void {
	const schemes = field.schemes;
	if (schemes === undefined) return;
	const entries = Array.isArray(value) ? value : [value];
	for (const entry of entries) if (typeof entry === 'string') checkOne(field, schemes, name, entry);
}
