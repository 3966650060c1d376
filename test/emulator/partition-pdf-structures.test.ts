/**
 * The emulator reads PDFs as the service's reader does (docs/emulator.md): pages found going down
 * the page tree from the catalog, whatever their /Parent entries say, with inherited page sizes;
 * files encrypted with an owner password only are read, those that need a user password refused.
 */
import { detailText } from './test-support/client';
import { useEmulator } from './test-support/fixtures';
import { partitionOn, summary } from './test-support/partition-support';
import { cyclicParent, deepTree, inheritedAttributes, pageTitle, parentNotATreeNode } from '../integration/support/pdfTrees';
import { ensureQpdf, qpdf } from '../integration/support/qpdf';
import { samplePdf } from '../integration/support/pdfs';

const h = useEmulator();
const partition = partitionOn(h);
const pdf = (name: string, content: Buffer) => ({ name, type: 'application/pdf', content: new Uint8Array(content) });
const titles = (file: string, pages: number) => Array.from({ length: pages }, (_, index) => pageTitle(file, index + 1));

beforeAll(async () => await ensureQpdf(), 20 * 60_000);

describe('PDF structures', () => {
	it.each([
		['a page whose /Parent is no page-tree node', parentNotATreeNode],
		['a cyclic /Parent chain', cyclicParent],
	])('reads every page of a file with %s, in tree order', async (_label, make) => {
		const response = await partition(pdf('odd.pdf', make('odd')));
		expect(response.status).toBe(200);
		expect(response.body.filter((element) => element.type === 'Title').map((element) => element.text)).toEqual(titles('odd', 4));
	});

	it('gives pages the size they inherit, from any level up', async () => {
		const response = await partition(pdf('inherited.pdf', inheritedAttributes('inherited')), { coordinates: 'true' });
		const sizes = response.body
			.filter((element) => element.type === 'Title')
			.map((element) => [element.metadata.coordinates?.layout_width, element.metadata.coordinates?.layout_height]);
		expect(sizes).toEqual([[612, 792], [300, 400], [612, 792], [595, 842], [595, 842], [595, 842]]);
		const deep = await partition(pdf('deep.pdf', deepTree('deep', 25)));
		expect(deep.body.filter((element) => element.type === 'Title')).toHaveLength(26);
	});

	it.each([
		['AES-256', ['256']],
		['AES-128', ['128', '--use-aes=y']],
		['RC4-128', ['128', '--use-aes=n']],
	])('reads a file encrypted with an owner password only (%s)', async (_label, strength) => {
		const plain = await samplePdf({ pages: 3 });
		const encrypted = qpdf(plain, ['--allow-weak-crypto', '--encrypt', '', 'owner', ...strength, '--']);
		expect(encrypted.includes('/Encrypt')).toBe(true);
		const expected = await partition(pdf('plain.pdf', plain));
		const response = await partition(pdf('plain.pdf', encrypted));
		expect(response.status).toBe(200);
		expect(summary(response.body)).toEqual(summary(expected.body));
		expect(summary(response.body)[0]).toEqual(['Title', 'Section 1 heading']);
	});

	it('refuses a file that needs a user password with 422', async () => {
		const locked = qpdf(await samplePdf({ pages: 2 }), ['--encrypt', 'secret', 'owner', '256', '--']);
		const response = await partition(pdf('locked.pdf', locked));
		expect(response.status).toBe(422);
		expect(detailText(response.body)).toMatch(/encrypted with a password/);
	});
});
