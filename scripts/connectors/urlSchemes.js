/**
 * The schemes a URL field's value must start with (urlSchemes.json, reviewed against the service's
 * connector docs). The node checks them before any request; the emulator refuses other values
 * with the service's 422, as the service does.
 */
'use strict';

const RULES = require('./urlSchemes.json');

/** The schemes of one field, or undefined when the docs give it no format to check. */
function urlSchemes(typeId, key) {
	return RULES.types[typeId]?.[key];
}

/** A rule for a key the client's models do not have would never apply: it is a typo. */
function checkUrlSchemes(keysByType) {
	for (const [typeId, keys] of Object.entries(RULES.types)) {
		const known = keysByType.get(typeId);
		if (!known) throw new Error(`urlSchemes.json names type ${typeId}, which the client does not list`);
		if (!RULES.sources[typeId]) throw new Error(`urlSchemes.json gives no source for the rules of ${typeId}`);
		for (const [key, schemes] of Object.entries(keys)) {
			if (!known.has(key)) throw new Error(`urlSchemes.json names ${typeId}.${key}, which no ${typeId} model has`);
			if (!schemes.every((scheme) => /^[a-z][a-z0-9+.-]*:\/\/$/.test(scheme))) throw new Error(`urlSchemes.json: a scheme of ${typeId}.${key} is not written as name://`);
		}
	}
}

module.exports = { urlSchemes, checkUrlSchemes };
