import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { buildRangePdf, loadPdf, readAll } from '../../nodes/DocumentProcessing/helpers/pdfDocument';
import { createReadStream, statSync } from 'node:fs';
(async () => {
  const f = '/tmp/exp/p300.pdf';
  let t = Date.now();
  const bytes = await readAll(createReadStream(f), statSync(f).size);
  console.log('readAll', Date.now() - t); t = Date.now();
  const doc = (await loadPdf(bytes))!;
  console.log('load', Date.now() - t); t = Date.now();
  const d2 = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, parseSpeed: Infinity });
  console.log('load fastest', Date.now() - t); t = Date.now();
  for (let i = 0; i < 3; i++) { await buildRangePdf(doc, { first: 1 + i * 20, last: 20 + i * 20 }); console.log('build', Date.now() - t); t = Date.now(); }
  const out = await PDFDocument.create({ updateMetadata: false });
  const pages = await out.copyPages(doc, Array.from({length: 20}, (_, i) => 100 + i));
  console.log('copy', Date.now() - t); t = Date.now();
  for (const p of pages) out.addPage(p);
  await out.save({ useObjectStreams: false });
  console.log('save', Date.now() - t); t = Date.now();
  const out2 = await PDFDocument.create({ updateMetadata: false });
  for (const p of await out2.copyPages(doc, Array.from({length: 20}, (_, i) => 140 + i))) out2.addPage(p);
  await out2.save({ useObjectStreams: false, objectsPerTick: Infinity });
  console.log('copy+save Infinity', Date.now() - t); t = Date.now();
})();
