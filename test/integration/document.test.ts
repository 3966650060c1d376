import { NodeOperationError } from 'n8n-workflow';
import { pdfItem, useDocumentWorld } from './support/documentWorld';
import { failure, textFile } from './support/service';

const world = useDocumentWorld();
const { run, partitionRequests } = world;

describe('Partition File: parameters', () => {
	it('sends every field of the form to the partition endpoint', async () => {
		await run(
			{
				partitionStrategy: 'vlm',
				options: {
					vlmModelProvider: 'provider',
					vlmModel: 'vision-1',
					chunkingStrategy: 'by_title',
					maxCharacters: 300,
					pdfSplitting: 'whole',
					languages: 'eng, deu',
					coordinates: true,
					uniqueElementIds: true,
					startingPageNumber: 4,
					additionalParameters: {
						parameter: [
							{ name: 'include_page_breaks', value: 'true' },
							{ name: 'extract_image_block_types', value: 'Image' },
							{ name: 'extract_image_block_types', value: 'Table' },
						],
					},
				},
			},
			[{ binary: { data: textFile('notes.txt', 'Heading\n\nSome text of the note, long enough to be a sentence.') } }],
		);
		const [request] = await partitionRequests();
		expect(request?.method).toBe('POST');
		expect(request?.headers['service-api-key']).toBe('<redacted>');
		expect(request?.fields).toEqual({
			strategy: 'vlm',
			vlm_model_provider: 'provider',
			vlm_model: 'vision-1',
			languages: ['eng', 'deu'],
			coordinates: 'true',
			unique_element_ids: 'true',
			chunking_strategy: 'by_title',
			max_characters: '300',
			split_pdf_page: 'false',
			split_pdf_allow_failed: 'false',
			split_pdf_concurrency_level: '5',
			starting_page_number: '4',
			include_page_breaks: 'true',
			extract_image_block_types: ['Image', 'Table'],
		});
		expect(request?.files).toEqual([expect.objectContaining({ field: 'files', filename: 'notes.txt', content_type: 'text/plain' })]);
	});

	it('sends the layout model and the split settings as chosen', async () => {
		await run(
			{ partitionStrategy: 'hi_res', options: { hiResModelName: 'yolox', pdfSplitting: 'split', failedRanges: 'keep', splitPdfConcurrencyLevel: 7 } },
			[{ binary: { data: textFile('a.txt', 'Some text here, a whole sentence.') } }],
		);
		const [request] = await partitionRequests();
		expect(request?.fields).toMatchObject({
			strategy: 'hi_res',
			hi_res_model_name: 'yolox',
			coordinates: 'false',
			unique_element_ids: 'false',
			split_pdf_page: 'true',
			split_pdf_allow_failed: 'true',
			split_pdf_concurrency_level: '7',
		});
		expect(request?.fields).not.toHaveProperty('vlm_model');
		expect(request?.fields).not.toHaveProperty('chunking_strategy');
	});

	it.each([
		[{ options: { pageRange: '9-3' } }, /Page Range: "9-3": the last page comes before the first/],
		[{ options: { languages: 'eng, 12' } }, /Languages: "12" is not a language code/],
		[{ options: { additionalParameters: { parameter: [{ name: 'strategy', value: 'fast' }] } } }, /Additional Parameters: "strategy" is set by a field/],
		[{ options: { additionalParameters: { parameter: [{ name: ' ', value: 'x' }] } } }, /Additional Parameters: a parameter has no name/],
		[{ options: { splitPdfConcurrencyLevel: 0 } }, /Page Ranges at Once must be a whole number of at least 1/],
	])('rejects bad fields before sending anything (%j)', async (parameters, message) => {
		const error = await failure(run(parameters, [pdfItem(world.pdf30)]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
		expect(await partitionRequests()).toHaveLength(0);
	});
});
