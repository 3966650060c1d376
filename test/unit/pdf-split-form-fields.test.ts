import { partitionFormFields } from '../../nodes/DocumentProcessing/api/partitionForm';
import { partitionParameters } from '../harness/partition-parameters';

const base = partitionParameters({ strategy: 'hi_res' });

describe('partitionFormFields', () => {
	it('sends booleans as true/false strings and repeats languages', () => {
		const fields = partitionFormFields({ ...base, languages: ['eng', 'deu'], coordinates: true }, { isRange: false });
		expect(fields).toEqual([
			['strategy', 'hi_res'],
			['languages', 'eng'],
			['languages', 'deu'],
			['coordinates', 'true'],
			['unique_element_ids', 'false'],
			['split_pdf_page', 'true'],
			['split_pdf_allow_failed', 'false'],
			['split_pdf_concurrency_level', 5],
		]);
	});

	it('sends the model fields only with their strategy', () => {
		const vlm = { ...base, vlmModelProvider: 'provider', vlmModel: 'model-1', hiResModelName: 'yolox' };
		expect(partitionFormFields({ ...vlm, strategy: 'vlm' }, { isRange: false })).toEqual(
			expect.arrayContaining([
				['vlm_model_provider', 'provider'],
				['vlm_model', 'model-1'],
			]),
		);
		expect(partitionFormFields({ ...vlm, strategy: 'vlm' }, { isRange: false }).map(([name]) => name)).not.toContain('hi_res_model_name');
		expect(partitionFormFields({ ...vlm, strategy: 'hi_res' }, { isRange: false }).map(([name]) => name)).not.toContain('vlm_model');
		expect(partitionFormFields({ ...vlm, strategy: 'hi_res' }, { isRange: false })).toContainEqual(['hi_res_model_name', 'yolox']);
	});

	it('sends chunking with its size limit, and nothing for no chunking', () => {
		expect(partitionFormFields({ ...base, chunkingStrategy: 'by_title', maxCharacters: 800 }, { isRange: false })).toEqual(
			expect.arrayContaining([
				['chunking_strategy', 'by_title'],
				['max_characters', 800],
			]),
		);
		expect(partitionFormFields(base, { isRange: false }).map(([name]) => name)).not.toContain('chunking_strategy');
	});

	it('marks a range as already split and numbers its pages from its real first page', () => {
		const fields = partitionFormFields({ ...base, additional: [['include_page_breaks', 'true']] }, { isRange: true, startingPageNumber: 21 });
		expect(fields).toContainEqual(['split_pdf_page', 'false']);
		expect(fields).toContainEqual(['starting_page_number', 21]);
		expect(fields[fields.length - 1]).toEqual(['include_page_breaks', 'true']);
	});

	it('passes a starting page number for a whole file', () => {
		expect(partitionFormFields({ ...base, startingPageNumber: 7 }, { isRange: false })).toContainEqual(['starting_page_number', 7]);
		expect(partitionFormFields(base, { isRange: false }).map(([name]) => name)).not.toContain('starting_page_number');
	});
});
