import { isPlainObject } from '../http/body';
import { HttpError, locToString, type ValidationIssue } from '../http/reply';
import type { JobNodeSpec } from './job-types';

/** The documented values of a structured-data extractor's `output_mode`. */
export const EXTRACTION_OUTPUT_MODES: readonly string[] = ['elements_with_extracted_data', 'extracted_data_only'];

export const NODE_SUBTYPES: Readonly<Record<string, readonly string[]>> = {
	partition: ['vlm', 'service_api'],
	structured_data_extractor: ['llm'],
	prompter: ['provider_ocr', 'provider_image_description', 'twopass_table2html', 'provider_table_description', 'provider_ner'],
};

type Loc = Array<string | number>;

class IssueList {
	readonly issues: ValidationIssue[] = [];
	add(loc: Loc, problem: string, type = 'value_error'): void {
		const from = loc.indexOf('job_nodes');
		this.issues.push({ type, loc, msg: `${locToString(from >= 0 ? loc.slice(from) : loc)}: ${problem}` });
	}
}

function checkOptional(issues: IssueList, settings: Record<string, unknown>, loc: Loc, name: string, kind: 'boolean' | 'string'): void {
	const value = settings[name];
	if (value !== undefined && typeof value !== kind) issues.add([...loc, name], `must be a ${kind}`, `${kind}_type`);
}

/** `json_schema` is a JSON-encoded string in form requests and an object in SDK requests; both must describe an object. */
export function parseJsonSchemaSetting(value: unknown): Record<string, unknown> | string {
	if (isPlainObject(value)) return value;
	if (typeof value !== 'string') return 'must be a JSON Schema object or a JSON-encoded string of one';
	try {
		const parsed: unknown = JSON.parse(value);
		return isPlainObject(parsed) ? parsed : 'must encode a JSON object (got another JSON value)';
	} catch (error) {
		return `is not valid JSON: ${(error as Error).message}`;
	}
}

function checkSettings(issues: IssueList, node: JobNodeSpec, loc: Loc): void {
	const settingsLoc = [...loc, 'settings'];
	if (node.settings === undefined) {
		if (node.subtype !== 'twopass_table2html') issues.add(settingsLoc, 'field required', 'missing');
		return;
	}
	const settings = node.settings;
	if (node.type === 'partition' && node.subtype === 'vlm') {
		checkOptional(issues, settings, settingsLoc, 'is_dynamic', 'boolean');
		checkOptional(issues, settings, settingsLoc, 'allow_fast', 'boolean');
	}
	if (node.type === 'partition' && node.subtype === 'service_api') {
		checkOptional(issues, settings, settingsLoc, 'strategy', 'string');
		const blockTypes = settings.extract_image_block_types;
		if (blockTypes !== undefined) {
			const valid = Array.isArray(blockTypes) && blockTypes.every((item) => typeof item === 'string' && ['image', 'table'].includes(item.toLowerCase()));
			if (!valid) issues.add([...settingsLoc, 'extract_image_block_types'], "must be an array of 'image' / 'table'");
		}
	}
	if (node.type === 'structured_data_extractor') {
		const schemaLoc = [...settingsLoc, 'schema_to_extract'];
		const schema = settings.schema_to_extract;
		if (!isPlainObject(schema)) {
			issues.add(schemaLoc, schema === undefined ? 'field required' : 'must be an object', schema === undefined ? 'missing' : 'dict_type');
		} else {
			// The documented rule: exactly one of the two; the service derives a schema from guidance.
			const hasSchema = schema.json_schema !== undefined && schema.json_schema !== null;
			const hasGuidance = schema.extraction_guidance !== undefined && schema.extraction_guidance !== null;
			if (hasSchema && hasGuidance) issues.add(schemaLoc, 'give exactly one of json_schema and extraction_guidance, not both');
			else if (!hasSchema && !hasGuidance) issues.add(schemaLoc, 'one of json_schema and extraction_guidance is required', 'missing');
			if (hasSchema) {
				const parsed = parseJsonSchemaSetting(schema.json_schema);
				if (typeof parsed === 'string') issues.add([...schemaLoc, 'json_schema'], parsed);
			}
			if (hasGuidance && (typeof schema.extraction_guidance !== 'string' || schema.extraction_guidance.trim() === '')) {
				issues.add([...schemaLoc, 'extraction_guidance'], 'must be a non-empty string', 'string_type');
			}
		}
		const outputMode = settings.output_mode;
		if (outputMode !== undefined && !EXTRACTION_OUTPUT_MODES.includes(String(outputMode))) {
			issues.add([...settingsLoc, 'output_mode'], `must be one of ${EXTRACTION_OUTPUT_MODES.join(', ')}`, 'enum');
		}
		for (const name of ['provider', 'model']) checkOptional(issues, settings, settingsLoc, name, 'string');
	}
	if (node.type === 'prompter') {
		checkOptional(issues, settings, settingsLoc, 'provider_type', 'string');
		checkOptional(issues, settings, settingsLoc, 'model', 'string');
	}
}

/**
 * Validates `job_nodes`: known type/subtype pairs, exactly one partition node and it comes
 * first, settings of the right shape. Problems become one 422 listing every issue, each
 * naming the node index and field (e.g. `job_nodes[1].settings.schema_to_extract.json_schema`).
 */
export function validateJobNodes(value: unknown, rootLoc: Loc = ['body', 'request_data']): JobNodeSpec[] {
	const issues = new IssueList();
	const listLoc = [...rootLoc, 'job_nodes'];
	if (!Array.isArray(value) || value.length === 0) {
		issues.add(listLoc, 'must be a non-empty array of job nodes');
		throw new HttpError(422, issues.issues);
	}
	const nodes: JobNodeSpec[] = [];
	value.forEach((raw: unknown, index) => {
		const loc = [...listLoc, index];
		if (!isPlainObject(raw)) {
			issues.add(loc, 'must be an object');
			return;
		}
		const { name, type, subtype, settings } = raw;
		if (name !== undefined && typeof name !== 'string') issues.add([...loc, 'name'], 'must be a string', 'string_type');
		if (typeof type !== 'string' || NODE_SUBTYPES[type] === undefined) {
			issues.add([...loc, 'type'], `unknown node type ${JSON.stringify(type)} (expected ${Object.keys(NODE_SUBTYPES).join(', ')})`);
			return;
		}
		const subtypes = NODE_SUBTYPES[type] ?? [];
		if (typeof subtype !== 'string' || !subtypes.includes(subtype)) {
			issues.add([...loc, 'subtype'], `unknown subtype ${JSON.stringify(subtype)} for type ${type} (expected ${subtypes.join(', ')})`);
			return;
		}
		if (settings !== undefined && settings !== null && !isPlainObject(settings)) {
			issues.add([...loc, 'settings'], 'must be an object', 'dict_type');
			return;
		}
		const node: JobNodeSpec = { type, subtype };
		if (typeof name === 'string') node.name = name;
		if (isPlainObject(settings)) node.settings = settings;
		checkSettings(issues, node, loc);
		nodes.push(node);
	});
	if (issues.issues.length === 0) {
		const partitions = nodes.map((node, index) => (node.type === 'partition' ? index : -1)).filter((index) => index >= 0);
		if (partitions.length !== 1) issues.add(listLoc, `exactly one partition node is required, found ${partitions.length}`);
		else if (partitions[0] !== 0) issues.add([...listLoc, partitions[0] ?? 0, 'type'], 'the partition node must come first');
	}
	if (issues.issues.length > 0) throw new HttpError(422, issues.issues);
	return nodes;
}

/** Parses the `request_data` form field of a job creation: `job_nodes`, or a `template_id` whose nodes are used. */
export function parseRequestData(raw: string | undefined, templateNodes: (id: string) => JobNodeSpec[] | undefined = () => undefined): JobNodeSpec[] {
	const loc = ['body', 'request_data'];
	if (raw === undefined) throw new HttpError(422, [{ type: 'missing', loc, msg: 'request_data: field required' }]);
	let data: unknown;
	try {
		data = JSON.parse(raw);
	} catch (error) {
		throw new HttpError(422, [{ type: 'json_invalid', loc, msg: `request_data: not valid JSON: ${(error as Error).message}` }]);
	}
	if (!isPlainObject(data)) throw new HttpError(422, [{ type: 'dict_type', loc, msg: 'request_data: must be a JSON object' }]);
	if (typeof data.template_id === 'string' && data.job_nodes === undefined) {
		const nodes = templateNodes(data.template_id);
		if (!nodes) throw new HttpError(422, [{ type: 'value_error', loc: [...loc, 'template_id'], msg: `request_data.template_id: no template ${JSON.stringify(data.template_id)}` }]);
		return nodes;
	}
	return validateJobNodes(data.job_nodes, loc);
}
