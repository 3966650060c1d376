import {
	clampConcurrency,
	describeRange,
	MAX_PAGES_PER_RANGE,
	MAX_SPLIT_CONCURRENCY,
	pageCount,
	parsePageRange,
	planPageRanges,
	resolvePageRange,
	type PageRange,
} from '../../nodes/DocumentProcessing/pdf/pdfSplit';

const sizes = (ranges: PageRange[]) => ranges.map(pageCount);

function expectContiguous(ranges: PageRange[], span: PageRange): void {
	expect(ranges[0]?.first).toBe(span.first);
	expect(ranges[ranges.length - 1]?.last).toBe(span.last);
	ranges.forEach((range, index) => {
		expect(range.last).toBeGreaterThanOrEqual(range.first);
		if (index > 0) expect(range.first).toBe((ranges[index - 1] as PageRange).last + 1);
	});
}

describe('planPageRanges', () => {
	it('gives 300 pages at concurrency 5 three full waves of 20 pages', () => {
		expect(sizes(planPageRanges({ first: 1, last: 300 }, 5))).toEqual(Array(15).fill(20));
	});

	it('spreads pages evenly instead of leaving a short range alone at the end', () => {
		// The SDK's fixed 20-page ranges would be 15 × 20 + 1 × 10: a fourth wave for one range.
		const ranges = planPageRanges({ first: 1, last: 310 }, 5);
		expect(ranges).toHaveLength(20);
		expect(sizes(ranges)).toEqual([...Array(10).fill(16), ...Array(10).fill(15)]);
		expectContiguous(ranges, { first: 1, last: 310 });
	});

	it('uses one range per slot when the document fits in one wave', () => {
		expect(sizes(planPageRanges({ first: 1, last: 20 }, 5))).toEqual([4, 4, 4, 4, 4]);
		expect(sizes(planPageRanges({ first: 1, last: 30 }, 3))).toEqual([10, 10, 10]);
		expect(sizes(planPageRanges({ first: 1, last: 100 }, 5))).toEqual([20, 20, 20, 20, 20]);
	});

	it('keeps at least two pages per range', () => {
		expect(sizes(planPageRanges({ first: 1, last: 7 }, 5))).toEqual([3, 2, 2]);
		expect(sizes(planPageRanges({ first: 1, last: 3 }, 5))).toEqual([3]);
		expect(sizes(planPageRanges({ first: 1, last: 2 }, 5))).toEqual([2]);
		expect(sizes(planPageRanges({ first: 4, last: 4 }, 5))).toEqual([1]);
	});

	it('plans within a page range, keeping the document’s page numbers', () => {
		const ranges = planPageRanges({ first: 11, last: 40 }, 3);
		expect(ranges).toEqual([
			{ first: 11, last: 20 },
			{ first: 21, last: 30 },
			{ first: 31, last: 40 },
		]);
	});

	it.each([
		[1, 1],
		[2, 1],
		[45, 3],
		[301, 5],
		[1000, 15],
		[999, 7],
		[57, 1],
	])('covers %i pages at concurrency %i in order, within the size bounds, in full waves', (pages, concurrency) => {
		const span = { first: 1, last: pages };
		const ranges = planPageRanges(span, concurrency);
		expectContiguous(ranges, span);
		const counts = sizes(ranges);
		expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_PAGES_PER_RANGE);
		expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
		// Sizes never grow towards the end, so the last ranges to start are not the longest.
		expect([...counts].sort((a, b) => b - a)).toEqual(counts);
		if (pages >= 2 * concurrency) expect(ranges.length % concurrency).toBe(0);
	});

	it('returns nothing for an empty span', () => {
		expect(planPageRanges({ first: 5, last: 4 }, 5)).toEqual([]);
	});
});

describe('clampConcurrency', () => {
	it('keeps values between 1 and the documented maximum', () => {
		expect(clampConcurrency(5)).toBe(5);
		expect(clampConcurrency(0)).toBe(1);
		expect(clampConcurrency(99)).toBe(MAX_SPLIT_CONCURRENCY);
		expect(clampConcurrency(3.7)).toBe(3);
		expect(clampConcurrency(Number.NaN)).toBe(5);
	});
});

describe('parsePageRange and resolvePageRange', () => {
	it('reads the forms a user types', () => {
		expect(parsePageRange('')).toBeUndefined();
		expect(parsePageRange('  ')).toBeUndefined();
		expect(parsePageRange('7')).toEqual({ first: 7, last: 7 });
		expect(parsePageRange('5-20')).toEqual({ first: 5, last: 20 });
		expect(parsePageRange(' 5 – 20 ')).toEqual({ first: 5, last: 20 });
		expect(parsePageRange('5-')).toEqual({ first: 5, last: undefined });
	});

	it.each(['0-3', '5-2', 'a-b', '1,3', '-4', '2-3-4'])('rejects "%s"', (text) => {
		expect(() => parsePageRange(text)).toThrow(/page|pages|range/);
	});

	it('leaves out pages past the end, but not a start past the end', () => {
		expect(resolvePageRange(undefined, 12)).toEqual({ first: 1, last: 12 });
		expect(resolvePageRange({ first: 5 }, 12)).toEqual({ first: 5, last: 12 });
		expect(resolvePageRange({ first: 5, last: 50 }, 12)).toEqual({ first: 5, last: 12 });
		expect(() => resolvePageRange({ first: 13, last: 20 }, 12)).toThrow('it starts at page 13, but the document has 12 pages');
	});

	it('names ranges the way messages use them', () => {
		expect(describeRange({ first: 3, last: 3 })).toBe('page 3');
		expect(describeRange({ first: 11, last: 20 })).toBe('pages 11–20');
	});
});
