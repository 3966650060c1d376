import type { INodeProperties } from 'n8n-workflow';

/**
 * Resource locators ("From list", "By ID", and "By URL" where the service's web UI shows the id
 * in its address), one builder for every id a user picks by hand.
 */
export const UUID_IN_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export interface LocatorSpec {
	displayName: string;
	name: string;
	description: string;
	/** The listSearch method of methods/ behind "From list". */
	searchListMethod: string;
	/** What the id is called in messages, e.g. "workflow". */
	noun: string;
	idPlaceholder: string;
	/** UUID ids get a regex check in the editor; other ids are only checked by the node. */
	uuid: boolean;
	/** Adds "By URL" (any address containing the UUID), e.g. a page of the service's web UI. */
	urlPlaceholder?: string;
	/** The mode a new node starts in. */
	defaultMode?: 'list' | 'id';
}

export function idLocator(spec: LocatorSpec, overrides: Partial<INodeProperties> = {}): INodeProperties {
	const idCheck = spec.uuid
		? { validation: [{ type: 'regex' as const, properties: { regex: `^\\s*${UUID_IN_TEXT}\\s*$`, errorMessage: `Not a valid ${spec.noun} ID` } }] }
		: {};
	const locator: INodeProperties = {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: spec.defaultMode ?? 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.noun}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: spec.idPlaceholder, ...idCheck },
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: spec.urlPlaceholder ?? '',
				extractValue: { type: 'regex', regex: `(${UUID_IN_TEXT})` },
				validation: [{ type: 'regex', properties: { regex: `.*${UUID_IN_TEXT}.*`, errorMessage: `The URL contains no ${spec.noun} ID` } }],
			},
		],
		...overrides,
	};
	// Only ids the service's web UI shows in an address get "By URL".
	if (spec.urlPlaceholder === undefined) locator.modes = locator.modes?.filter((mode) => mode.name !== 'url');
	return locator;
}

/** A locator's id as `getNodeParameter(…, { extractValue: true })` gives it: a string, or the locator object itself. */
export function locatorText(raw: unknown): string {
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number') return String(raw);
	if (typeof raw === 'object' && raw !== null) return locatorText((raw as { value?: unknown }).value ?? '');
	return '';
}
