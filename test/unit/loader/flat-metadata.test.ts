import { flatValue, MAX_VALUE_CHARS, setFlat, withoutKeys, type FlatMetadata } from '../../../nodes/DocumentProcessing/loader/flatMetadata';

describe('loader metadata: flat scalars only', () => {
	it('keeps strings, finite numbers and booleans as they are', () => {
		expect(flatValue('Refunds')).toBe('Refunds');
		expect(flatValue(3)).toBe(3);
		expect(flatValue(false)).toBe(false);
	});

	it('drops what carries nothing: null, undefined, NaN, Infinity, empty text and lists', () => {
		for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '', []]) expect(flatValue(value)).toBeUndefined();
	});

	it('joins a list of scalars with ", " and writes nested lists and objects as JSON text', () => {
		expect(flatValue(['eng', 'deu'])).toBe('eng, deu');
		expect(flatValue([1, 2])).toBe('1, 2');
		expect(flatValue([['a'], { b: 1 }])).toBe('[["a"],{"b":1}]');
		expect(flatValue({ points: [[1, 2]], system: 'PixelSpace' })).toBe('{"points":[[1,2]],"system":"PixelSpace"}');
	});

	it('cuts a long value to MAX_VALUE_CHARS, ending in "…"', () => {
		const long = flatValue('x'.repeat(MAX_VALUE_CHARS * 3)) as string;
		expect(long).toHaveLength(MAX_VALUE_CHARS);
		expect(long.endsWith('…')).toBe(true);
		expect(flatValue('y'.repeat(MAX_VALUE_CHARS))).toBe('y'.repeat(MAX_VALUE_CHARS));
		expect((flatValue(Array.from({ length: 5000 }, () => 'word')) as string).length).toBe(MAX_VALUE_CHARS);
	});

	it('cuts on a code-point boundary: a character outside the BMP is kept whole or left out, never halved', () => {
		for (const lead of [MAX_VALUE_CHARS - 3, MAX_VALUE_CHARS - 2, MAX_VALUE_CHARS - 1]) {
			const value = flatValue(`${'a'.repeat(lead)}😀😀 more`) as string;
			expect(value.endsWith('…')).toBe(true);
			expect(value.length).toBeLessThanOrEqual(MAX_VALUE_CHARS);
			expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)).toBe(false);
		}
		expect(flatValue(`${'a'.repeat(MAX_VALUE_CHARS - 2)}😀 more`)).toBe(`${'a'.repeat(MAX_VALUE_CHARS - 2)}…`);
	});

	it('never sets a prototype key, and JSON text leaves them out of nested values', () => {
		const metadata: FlatMetadata = {};
		for (const key of ['__proto__', 'constructor', 'prototype']) setFlat(metadata, key, 'polluted');
		setFlat(metadata, 'file_name', 'a.pdf');
		expect(Object.keys(metadata)).toEqual(['file_name']);
		expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		const nested = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}, "kept": 3}') as unknown;
		expect(flatValue(nested)).toBe('{"kept":3}');
	});

	it('every value of a result is a scalar, whatever went in', () => {
		const metadata: FlatMetadata = {};
		const inputs: Record<string, unknown> = { a: { deep: { deeper: [1, { x: 2 }] } }, b: [true, false], c: 1.5, d: 'text', e: null, f: [[]] };
		for (const [key, value] of Object.entries(inputs)) setFlat(metadata, key, value);
		expect(Object.values(metadata).every((value) => ['string', 'number', 'boolean'].includes(typeof value))).toBe(true);
		expect(metadata).toEqual({ a: '{"deep":{"deeper":[1,{"x":2}]}}', b: 'true, false', c: 1.5, d: 'text', f: '[[]]' });
	});

	it('leaves out the keys asked for', () => {
		expect(withoutKeys({ file_name: 'a.pdf', element_id: 'abc', page_number: 2 }, new Set(['element_id']))).toEqual({ file_name: 'a.pdf', page_number: 2 });
	});
});
