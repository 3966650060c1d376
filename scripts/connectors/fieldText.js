/**
 * What the form says about one config key: its label, a sample value and a one-line description,
 * from fieldText.json (reviewed against the service's connector docs) where it has them. A key it
 * lacks gets a fallback that claims nothing the key's name does not: its label, the type it
 * belongs to and the documented default.
 */
'use strict';

const TEXT = require('./fieldText.json');

function reviewed(typeId, key) {
	return { ...(TEXT.common[key] ?? {}), ...(TEXT.types[typeId]?.[key] ?? {}) };
}

function shownDefault(field) {
	if (field.default === undefined || field.default === null || field.default === '') return '';
	if (typeof field.default === 'boolean') return ` (default: ${field.default ? 'on' : 'off'})`;
	// An identifier (a column or key name such as record_id) is no plain word; the field shows it prefilled.
	if (typeof field.default === 'string' && /^[a-z0-9]+(_[a-z0-9]+)+$/.test(field.default)) return '';
	return ` (default: ${field.default})`;
}

// One sentence without a final period, as n8n writes a parameter's description.
function fallbackDescription(field, label, type) {
	return `The “${label}” setting of the ${type.name} ${type.kind}${shownDefault(field)}`;
}

/** { label, description, placeholder? } of one field; `label` is the generator's own label of the key. */
function fieldText(type, field, label) {
	const text = reviewed(type.id, field.key);
	const shownLabel = text.label ?? label;
	const description = text.description ?? fallbackDescription(field, shownLabel, type);
	return text.placeholder ? { label: shownLabel, description, placeholder: text.placeholder } : { label: shownLabel, description };
}

/** Reviewed text for a key the client's models do not have is a typo: it would never show. */
function checkFieldText(fieldsByType) {
	for (const [typeId, keys] of Object.entries(TEXT.types)) {
		const known = fieldsByType.get(typeId);
		if (!known) throw new Error(`fieldText.json names type ${typeId}, which the client does not list`);
		for (const key of Object.keys(keys)) if (!known.has(key)) throw new Error(`fieldText.json names ${typeId}.${key}, which no ${typeId} model has`);
	}
}

module.exports = { fieldText, checkFieldText };
