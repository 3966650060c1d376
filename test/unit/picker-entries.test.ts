import { entryName, readableUtc, statusWords } from '../../nodes/DocumentProcessing/methods/entryText';

describe('picker entry texts', () => {
	it('shows a service timestamp in UTC, named, the same on every server', () => {
		expect(readableUtc('2026-11-26T14:03:59.123456Z')).toBe('26 Nov 2026, 14:03 UTC');
		expect(readableUtc('2026-11-26T15:03:00+01:00')).toBe('26 Nov 2026, 14:03 UTC');
		expect(readableUtc('2026-09-01T00:05:00')).toBe('1 Sep 2026, 00:05 UTC');
	});

	it('leaves out a missing or unreadable time instead of showing raw text', () => {
		expect(readableUtc(undefined)).toBeUndefined();
		expect(readableUtc('')).toBeUndefined();
		expect(readableUtc('yesterday')).toBeUndefined();
	});

	it('writes statuses as words and joins the parts name first', () => {
		expect(statusWords('IN_PROGRESS')).toBe('In progress');
		expect(statusWords('COMPLETED')).toBe('Completed');
		expect(entryName('Invoices pipeline', statusWords('COMPLETED'), readableUtc('2026-11-26T14:03:00Z'))).toBe('Invoices pipeline · Completed · 26 Nov 2026, 14:03 UTC');
		expect(entryName('Job 2b0c6d1e', 'Scheduled', undefined)).toBe('Job 2b0c6d1e · Scheduled');
	});
});
