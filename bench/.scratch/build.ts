import { PDFDocument, ParseSpeeds } from 'pdf-lib';
import { samplePdf } from '../../test/integration/partition-pdfs';

async function buildRange(src: PDFDocument, first: number, last: number, useObjectStreams: boolean) {
  const out = await PDFDocument.create({ updateMetadata: false });
  const idx = Array.from({ length: last - first + 1 }, (_, i) => first - 1 + i);
  const pages = await out.copyPages(src, idx);
  for (const p of pages) out.addPage(p);
  return out.save({ useObjectStreams, objectsPerTick: Infinity });
}

(async () => {
  for (const [pages, img] of [[20, 0], [100, 20000], [300, 100000]] as const) {
    let t = Date.now();
    const bytes = await samplePdf({ pages, imageBytesPerPage: img });
    console.log(`gen ${pages}p: ${bytes.length} bytes in ${Date.now() - t}ms`);
    for (const speed of [ParseSpeeds.Slow, ParseSpeeds.Fastest]) {
      t = Date.now();
      const src = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, parseSpeed: speed });
      console.log(`  load speed=${speed}: ${Date.now() - t}ms`);
    }
    const src = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, parseSpeed: ParseSpeeds.Fastest });
    for (const size of [2, 5, 10, 20]) {
      for (const os of [false, true]) {
        t = Date.now();
        let total = 0;
        let n = 0;
        for (let f = 1; f <= pages; f += size) { total += (await buildRange(src, f, Math.min(pages, f + size - 1), os)).length; n++; }
        console.log(`  size ${size} objstreams=${os}: ${n} ranges ${Date.now() - t}ms total bytes ${total}`);
      }
    }
  }
})();
