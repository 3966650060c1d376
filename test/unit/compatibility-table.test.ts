/**
 * The README's Compatibility table is what the compatibility suite recorded (test/compat/results,
 * rewritten by the legs with COMPAT_RECORD=1; each leg fails when its record differs from what it
 * ran), for exactly the versions the suite runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHECK_IDS, LEGS, readmeTable, readRecords, renderTable, RESULTS_DIR } from '../compat/legs';

const README = fs.readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');

describe('README compatibility table', () => {
	it('has a record for every leg and none for a version the suite no longer runs', () => {
		expect(readRecords().map((r) => r.n8n)).toEqual(LEGS.map((leg) => leg.n8n));
		expect(fs.readdirSync(RESULTS_DIR).sort()).toEqual(LEGS.map((leg) => `n8n-${leg.n8n}.json`).sort());
	});

	it('records only checks the suite has', () => {
		for (const record of readRecords()) expect(CHECK_IDS).toEqual(expect.arrayContaining(record.passed));
	});

	it('is the table rendered from the records (npm run compat:readme)', () => {
		expect(readmeTable(README)).toBe(renderTable(readRecords()));
	});
});
