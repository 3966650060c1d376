import { HttpError, type ValidationIssue } from '../http/reply';
import { DEFAULT_PARTITION_OPTIONS, type ChunkingOptions, type ChunkingStrategy, type PartitionOptions } from './types';

const STRATEGIES = new Set(['auto', 'fast', 'hi_res', 'ocr_only', 'vlm']);
const CHUNKING = new Set(['by_title', 'basic', 'by_page', 'by_similarity']);
const DEFAULT_MAX_CHARACTERS = 500;

/**
 * Reads the partition form fields. Form fields are strings: booleans arrive as
 * 'true'/'false', integers as digits, `languages` may repeat (or come as `languages[]`).
 * Fields not listed here are accepted and only logged.
 */
export function partitionOptionsFromForm(fields: Map<string, string[]>): PartitionOptions {
	const issues: ValidationIssue[] = [];
	const single = (name: string): string | undefined => fields.get(name)?.[0];
	const bool = (name: string, fallback: boolean): boolean => {
		const raw = single(name);
		if (raw === undefined || raw === '') return fallback;
		const value = raw.trim().toLowerCase();
		if (value === 'true' || value === '1') return true;
		if (value === 'false' || value === '0') return false;
		issues.push({ type: 'bool_parsing', loc: ['body', name], msg: `${name} must be 'true' or 'false', got '${raw}'` });
		return fallback;
	};
	const int = (name: string, fallback: number, min: number): number => {
		const raw = single(name);
		if (raw === undefined || raw === '') return fallback;
		if (!/^\s*-?\d+\s*$/.test(raw) || Number(raw) < min) {
			issues.push({ type: 'int_parsing', loc: ['body', name], msg: `${name} must be an integer >= ${min}, got '${raw}'` });
			return fallback;
		}
		return Number(raw);
	};

	const strategy = single('strategy') ?? DEFAULT_PARTITION_OPTIONS.strategy;
	if (!STRATEGIES.has(strategy)) {
		issues.push({ type: 'enum', loc: ['body', 'strategy'], msg: `strategy must be one of ${[...STRATEGIES].join(', ')}, got '${strategy}'` });
	}
	const languages = [...(fields.get('languages') ?? []), ...(fields.get('languages[]') ?? [])].filter((code) => code.trim() !== '');
	const chunkingStrategy = single('chunking_strategy');
	if (chunkingStrategy !== undefined && chunkingStrategy !== '' && !CHUNKING.has(chunkingStrategy)) {
		issues.push({ type: 'enum', loc: ['body', 'chunking_strategy'], msg: `chunking_strategy must be one of basic, by_page, by_similarity, by_title, got '${chunkingStrategy}'` });
	}
	const maxCharacters = int('max_characters', DEFAULT_MAX_CHARACTERS, 1);
	const threshold = single('similarity_threshold');
	const similarityThreshold = threshold === undefined || threshold === '' ? 0.5 : Number(threshold);
	if (!(similarityThreshold >= 0 && similarityThreshold <= 1)) {
		issues.push({ type: 'float_parsing', loc: ['body', 'similarity_threshold'], msg: `similarity_threshold must be between 0.0 and 1.0, got '${threshold}'` });
	}
	const chunking: ChunkingOptions | null =
		chunkingStrategy !== undefined && CHUNKING.has(chunkingStrategy)
			? {
					strategy: chunkingStrategy as ChunkingStrategy,
					maxCharacters,
					newAfterNChars: int('new_after_n_chars', maxCharacters, 1),
					combineUnderNChars: int('combine_under_n_chars', maxCharacters, 0),
					overlap: int('overlap', 0, 0),
					overlapAll: bool('overlap_all', false),
					multipageSections: bool('multipage_sections', true),
					similarityThreshold,
					includeOrigElements: bool('include_orig_elements', true),
					origElementsEncoding: 'zlib',
				}
			: null;
	const options: PartitionOptions = {
		strategy,
		languages: languages.length > 0 ? languages : [...DEFAULT_PARTITION_OPTIONS.languages],
		coordinates: bool('coordinates', false),
		uniqueElementIds: bool('unique_element_ids', false),
		chunking,
		startingPageNumber: int('starting_page_number', 1, 1),
	};
	// Checked for form only: they steer client-side splitting and are logged, not acted on.
	bool('split_pdf_page', true);
	bool('split_pdf_allow_failed', false);
	int('split_pdf_concurrency_level', 5, 1);
	if (issues.length > 0) throw new HttpError(422, issues);
	return options;
}
