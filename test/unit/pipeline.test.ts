import { InputProblem } from '../../nodes/DocumentProcessing/helpers/inputProblem';
import { buildJobNodes, parseJsonSchema, parseRawJobNodes, requestData } from '../../nodes/DocumentProcessing/pipeline/pipeline';

const schema = { type: 'object', properties: { title: { type: 'string' } } };

describe('pipeline builder', () => {
	it('builds a vlm partition node as the spec table says', () => {
		expect(buildJobNodes({ subtype: 'vlm', isDynamic: true, allowFast: false }, [])).toEqual([
			{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: false } },
		]);
	});

	it('builds a service_api partition node', () => {
		expect(buildJobNodes({ subtype: 'service_api', strategy: 'hi_res', extractImageBlockTypes: ['image', 'table'] }, [])[0]).toEqual({
			name: 'Partitioner',
			type: 'partition',
			subtype: 'service_api',
			settings: { strategy: 'hi_res', extract_image_block_types: ['image', 'table'] },
		});
	});

	it('appends every further step kind in the user’s order with the spec’s settings', () => {
		const nodes = buildJobNodes({ subtype: 'vlm', isDynamic: true, allowFast: true }, [
			{ kind: 'provider_ner', providerType: 'prov', model: 'm1' },
			{ kind: 'llm', name: 'Invoice fields', defineBy: 'jsonSchema', jsonSchema: JSON.stringify(schema), extractionGuidance: 'Only totals', provider: 'prov', model: 'm2' },
			{ kind: 'twopass_table2html' },
			{ kind: 'provider_ocr', providerType: 'prov', model: 'm3' },
			{ kind: 'provider_image_description', providerType: 'prov', model: 'm4' },
			{ kind: 'provider_table_description', providerType: 'prov', model: 'm5' },
		]);
		expect(nodes.slice(1)).toEqual([
			{ name: 'Named Entity Recognition', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'prov', model: 'm1' } },
			{
				name: 'Invoice fields',
				type: 'structured_data_extractor',
				subtype: 'llm',
				settings: {
					// Only the chosen definition is sent.
					schema_to_extract: { json_schema: schema },
					provider: 'prov',
					model: 'm2',
					output_mode: 'extracted_data_only',
				},
			},
			{ name: 'Table to HTML', type: 'prompter', subtype: 'twopass_table2html' },
			{ name: 'OCR', type: 'prompter', subtype: 'provider_ocr', settings: { provider_type: 'prov', model: 'm3' } },
			{ name: 'Image Description', type: 'prompter', subtype: 'provider_image_description', settings: { provider_type: 'prov', model: 'm4' } },
			{ name: 'Table Description', type: 'prompter', subtype: 'provider_table_description', settings: { provider_type: 'prov', model: 'm5' } },
		]);
	});

	it('sends json_schema as a JSON-encoded string in request_data', () => {
		const nodes = buildJobNodes({ subtype: 'vlm', isDynamic: true, allowFast: true }, [{ kind: 'llm', defineBy: 'jsonSchema', jsonSchema: schema }]);
		const sent = JSON.parse(requestData(nodes)) as { job_nodes: Array<{ settings: { schema_to_extract?: { json_schema: unknown } } }> };
		expect(typeof sent.job_nodes[1].settings.schema_to_extract?.json_schema).toBe('string');
		expect(JSON.parse(sent.job_nodes[1].settings.schema_to_extract?.json_schema as string)).toEqual(schema);
		expect(nodes[1].settings).toMatchObject({ schema_to_extract: { json_schema: schema } });
	});

	it('names the step whose schema is not JSON', () => {
		expect(() => buildJobNodes({ subtype: 'vlm', isDynamic: true, allowFast: true }, [{ kind: 'provider_ocr' }, { kind: 'llm', defineBy: 'jsonSchema', jsonSchema: '{oops' }])).toThrow(
			/Step 2 \(Structured Data Extractor\) › JSON Schema: not valid JSON/,
		);
	});
});

describe('JSON Schema check', () => {
	it.each([
		['[1,2]', /must be a JSON object/],
		['"text"', /must be a JSON object/],
		['{"type": "thing"}', /"type" must be one of/],
		['{"properties": []}', /"properties" must be an object/],
		['{"title": "x"}', /describes nothing/],
		['', /empty/],
	])('refuses %p', (raw, message) => {
		expect(() => parseJsonSchema('F', raw)).toThrow(message);
	});
	it('accepts an object schema given as an object', () => expect(parseJsonSchema('F', schema)).toEqual(schema));
});

describe('raw job nodes', () => {
	const partition = { name: 'p', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } };
	it('accepts an array or {job_nodes}', () => {
		expect(parseRawJobNodes('F', JSON.stringify([partition]))).toEqual([partition]);
		expect(parseRawJobNodes('F', { job_nodes: [partition] })).toEqual([partition]);
	});
	it.each([
		['{nope', /not valid JSON/],
		['[]', /non-empty array/],
		[JSON.stringify([{ type: 'prompter', subtype: 'provider_ocr', settings: {} }]), /job_nodes\[0\]: the first node must be a partition node/],
		[JSON.stringify([partition, partition]), /job_nodes\[1\]: only the first node may be a partition node/],
		[JSON.stringify([partition, { type: 'prompter', subtype: 'provider_magic', settings: {} }]), /job_nodes\[1\]: unknown subtype "provider_magic"/],
		[JSON.stringify([{ ...partition, type: 'chunker' }]), /unknown type "chunker"/],
		[JSON.stringify([partition, { type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: '{bad' } } }]), /job_nodes\[1\] › json_schema: not valid JSON/],
		[JSON.stringify([{ ...partition, settings: 'x' }]), /"settings" must be an object/],
	])('refuses %s', (raw, message) => {
		expect(() => parseRawJobNodes('Job Nodes (JSON)', raw)).toThrow(message);
		expect(() => parseRawJobNodes('Job Nodes (JSON)', raw)).toThrow(InputProblem);
	});
	it('lets twopass_table2html go without settings', () => {
		expect(parseRawJobNodes('F', [partition, { name: 't', type: 'prompter', subtype: 'twopass_table2html' }])).toHaveLength(2);
	});
});

describe('extraction step (exactly one of JSON Schema and guidance)', () => {
	const vlm = { subtype: 'vlm', isDynamic: true, allowFast: true } as const;
	const extractor = (step: Record<string, unknown>) => buildJobNodes(vlm, [{ kind: 'llm', defineBy: 'jsonSchema', ...step }])[1];
	const sentSettings = (nodes: ReturnType<typeof buildJobNodes>) =>
		(JSON.parse(requestData(nodes)) as { job_nodes: Array<{ settings: Record<string, unknown> }> }).job_nodes[1].settings;

	it('sends only the JSON Schema when defined by schema, with the extracted-data-only mode by default', () => {
		const node = extractor({ defineBy: 'jsonSchema', jsonSchema: JSON.stringify(schema), extractionGuidance: 'ignored: not the chosen definition' });
		expect(node.settings).toEqual({ schema_to_extract: { json_schema: schema }, output_mode: 'extracted_data_only' });
	});

	it('sends only the guidance when defined by guidance, and no json_schema at all', () => {
		const nodes = buildJobNodes(vlm, [{ kind: 'llm', defineBy: 'extractionGuidance', extractionGuidance: '  The customer and the total  ', jsonSchema: '{oops' }]);
		expect(sentSettings(nodes)).toEqual({ schema_to_extract: { extraction_guidance: 'The customer and the total' }, output_mode: 'extracted_data_only' });
	});

	it('sends the chosen output mode', () => {
		expect(extractor({ jsonSchema: schema, outputMode: 'elements_with_extracted_data' }).settings?.output_mode).toBe('elements_with_extracted_data');
	});

	it.each([
		[{ defineBy: 'extractionGuidance', extractionGuidance: '   ' }, /Step 1 \(Structured Data Extractor\) › Extraction Guidance: the extraction guidance is empty/],
		[{ jsonSchema: schema, outputMode: 'everything' }, /Step 1 \(Structured Data Extractor\) › Output: output mode "everything" is not one of/],
	])('refuses %p naming the step', (step, message) => {
		expect(() => extractor(step)).toThrow(message);
	});

	const partition = { name: 'p', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true } };
	const raw = (schemaToExtract: Record<string, unknown>, extra: Record<string, unknown> = {}) => [
		partition,
		{ name: 'Invoice fields', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: schemaToExtract, ...extra } },
	];

	it('JSON mode accepts schema-only and guidance-only nodes', () => {
		expect(parseRawJobNodes('F', raw({ json_schema: JSON.stringify(schema) }))[1].settings).toEqual({ schema_to_extract: { json_schema: schema } });
		expect(parseRawJobNodes('F', raw({ extraction_guidance: 'the total' }, { output_mode: 'elements_with_extracted_data' }))[1].settings).toEqual({
			schema_to_extract: { extraction_guidance: 'the total' },
			output_mode: 'elements_with_extracted_data',
		});
	});

	it.each([
		['both', { json_schema: schema, extraction_guidance: 'the total' }, {}, /job_nodes\[1\] "Invoice fields" › schema_to_extract: give exactly one of "json_schema" and "extraction_guidance", not both/],
		['neither', {}, {}, /job_nodes\[1\] "Invoice fields" › schema_to_extract: give exactly one of "json_schema" \(a JSON Schema\) and "extraction_guidance"/],
		['empty guidance', { extraction_guidance: '' }, {}, /job_nodes\[1\] "Invoice fields" › extraction_guidance: the extraction guidance is empty/],
		['an unknown output mode', { json_schema: schema }, { output_mode: 'all' }, /job_nodes\[1\] "Invoice fields" › output_mode: output mode "all" is not one of/],
	])('JSON mode refuses %s, naming the step', (_case, schemaToExtract, extra, message) => {
		expect(() => parseRawJobNodes('Job Nodes (JSON)', raw(schemaToExtract, extra))).toThrow(message);
	});
});
