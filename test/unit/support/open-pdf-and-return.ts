/**
 * Opens a PDF in the shared PDF worker pool, cuts a range, leaves the document open and returns:
 * the process must then exit by itself (idle workers keep no process alive). Run by
 * test/unit/pdf-workers.test.ts in a process of its own.
 */
import { openPdf } from '../../../nodes/DocumentProcessing/pdf/isolatedPdf';
import { samplePdf } from '../../integration/support/pdfs';

void (async () => {
	const opening = await openPdf(await samplePdf({ pages: 4 }), true);
	if ('unreadable' in opening) throw new Error(opening.unreadable);
	const range = await opening.pdf.cut({ first: 1, last: 2 });
	// When its work was done: the process must exit soon after, with the worker still holding the document.
	process.stdout.write(`pages ${opening.pdf.pages}, range of ${range.length} bytes, done at ${Date.now()}\n`);
})();
