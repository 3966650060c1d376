import { deflateSync, gzipSync } from 'node:zlib';
import { FileState } from '../../../nodes/DocumentProcessing/loader/fileState';
import {
	MAX_CHUNK_ELEMENTS,
	MAX_CHUNK_INFLATED_BYTES,
	MAX_FILE_ELEMENTS,
	MAX_FILE_INFLATED_BYTES,
	readOrigElements,
} from '../../../nodes/DocumentProcessing/loader/origElements';
import { summarize } from '../../../nodes/DocumentProcessing/loader/originalsSummary';

const zlib = (value: unknown): string => deflateSync(Buffer.from(JSON.stringify(value))).toString('base64');
const elementsOf = (count: number, page: (index: number) => number) => Array.from({ length: count }, (_, index) => ({ metadata: { page_number: page(index) } }));
const read = async (orig: unknown, file = new FileState(undefined)) => await readOrigElements({ orig_elements: orig as string }, file.budget, file, false);

describe('a chunk’s original elements, read under bounds', () => {
	const title = { type: 'Title', element_id: 't1', text: 'Refunds', metadata: { page_number: 2 } };
	const body = { type: 'NarrativeText', element_id: 'n1', text: 'Within 30 days.', metadata: { page_number: 4, parent_id: 't0' } };

	it('sums up zlib, gzip and array originals alike: pages, types, first parent, first title', async () => {
		const expected = { summary: { firstPage: 2, lastPage: 4, types: ['Title', 'NarrativeText'], firstTitle: 'Refunds' } };
		expect(await read(zlib([title, body]))).toEqual(expected);
		expect(await read(gzipSync(JSON.stringify([title, body])).toString('base64'))).toEqual(expected);
		expect(await read([title, body])).toEqual(expected);
		expect(await read(zlib([body, title]))).toEqual({ summary: { firstPage: 2, lastPage: 4, types: ['NarrativeText', 'Title'], firstParentId: 't0', firstTitle: 'Refunds' } });
		expect(await readOrigElements({}, new FileState(undefined).budget, new FileState(undefined), false)).toBeUndefined();
	});

	it('says why when the originals cannot be read: not compressed, not a JSON array', async () => {
		expect(await read('bm90IGNvbXByZXNzZWQ=')).toEqual({ skipped: 'orig_elements is not base64 of zlib or gzip data: neither zlib nor gzip data' });
		expect(await read(deflateSync('{"an":"object"}').toString('base64'))).toEqual({ skipped: 'orig_elements is not a JSON array of elements' });
	});

	it('stops a chunk past 4 MiB inflated, charging the file only what was inflated', async () => {
		const file = new FileState(undefined);
		const bomb = deflateSync(Buffer.alloc(16 * MAX_CHUNK_INFLATED_BYTES, 0x20)).toString('base64');
		expect(await read(bomb, file)).toEqual({ skipped: "orig_elements inflates past 4 MiB, the loader's bound per chunk" });
		expect(file.budget.inflatedBytes).toBe(MAX_CHUNK_INFLATED_BYTES);
	});

	it('stops a file’s chunks once 64 MiB of originals were inflated; none is decoded after that', async () => {
		const file = new FileState(undefined);
		const nearly = zlib([{ type: 'NarrativeText', text: 'a'.repeat(MAX_CHUNK_INFLATED_BYTES - 100) }]);
		const outcomes: string[] = [];
		for (let chunk = 0; chunk < 20; chunk++) {
			const reading = await read(nearly, file);
			outcomes.push(reading && 'skipped' in reading ? 'skipped' : 'read');
		}
		expect(outcomes.filter((outcome) => outcome === 'read')).toHaveLength(16);
		expect(outcomes.slice(16)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
		expect(file.budget.inflatedBytes).toBeLessThanOrEqual(MAX_FILE_INFLATED_BYTES);
		expect(await read(zlib([title]), file)).toEqual({ skipped: "the file's original elements passed 64 MiB inflated, the loader's bound per file" });
	});

	it('bounds the elements per chunk and per file', async () => {
		expect(await read(zlib(elementsOf(MAX_CHUNK_ELEMENTS + 1, () => 1)))).toEqual({ skipped: "orig_elements holds 10,001 elements, over the loader's bound of 10,000 per chunk" });
		const file = new FileState(undefined);
		const chunk = zlib(elementsOf(MAX_CHUNK_ELEMENTS, (index) => index));
		for (let index = 0; index < MAX_FILE_ELEMENTS / MAX_CHUNK_ELEMENTS; index++) expect(await read(chunk, file)).toHaveProperty('summary');
		expect(await read(chunk, file)).toEqual({ skipped: "the file's chunks hold over 200,000 original elements, the loader's bound per file" });
	});

	it('sums up any number of elements without a spread (135,300 and 1,000,000 elements: no stack overflow)', () => {
		for (const count of [135_300, 1_000_000]) {
			const summary = summarize(elementsOf(count, (index) => 1 + ((index * 7919) % count)), new FileState(undefined), false);
			expect(summary).toEqual({ firstPage: 1, lastPage: count, types: [] });
		}
	});

	it('keeps only as many boxes as a stored value can show', () => {
		const boxed = Array.from({ length: 10_000 }, (_, index) => ({ type: 'Text', metadata: { coordinates: { points: [[index, index]], system: 'PixelSpace' } } }));
		const summary = summarize(boxed, new FileState(undefined), true);
		expect(summary.coordinates?.length).toBeGreaterThan(10);
		expect(summary.coordinates?.length).toBeLessThan(100);
	});
});
