import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { InputProblem } from '../helpers/inputProblem';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
	return UUID.test(value);
}

/** Ids are checked before any request so a typo costs no round trip and names the field. */
export function requireUuid(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') {
		throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	}
	if (!isUuid(value)) {
		throw new NodeOperationError(node, `${field} "${value}" is not a valid ID`, {
			itemIndex,
			description: `${field} is a UUID such as 2b0c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10.`,
		});
	}
	return value;
}

/** A required text field (a name), trimmed; empty is refused before any request. */
export function requireText(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') throw new NodeOperationError(node, `${field} is empty`, { itemIndex, description: `Enter the ${field}.` });
	return value;
}

const LANGUAGE_CODE = /^[a-z]{2,3}(?:[_-][a-z0-9]+)*$/i;

/** The OCR language codes of a comma-separated Languages field; an InputProblem names the first that is none. */
export function languageCodes(raw: unknown): string[] {
	const codes = String(raw ?? '')
		.split(',')
		.map((code) => code.trim())
		.filter((code) => code !== '');
	const bad = codes.find((code) => !LANGUAGE_CODE.test(code));
	if (bad !== undefined) throw new InputProblem(`Languages: "${bad}" is not a language code`, 'Use OCR language codes such as eng, deu or chi_sim, separated by commas.');
	return codes;
}

/** A whole number of at least `min` from a number field (or its text); an InputProblem otherwise, with `example` as advice. */
export function wholeNumberAtLeast(field: string, raw: unknown, min: number, example: string): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
		throw new InputProblem(`${field} must be a whole number of at least ${min}, not "${String(raw)}"`, `Enter a number such as ${example} in ${field}.`);
	}
	return value;
}
