import { createReadStream, statSync } from 'node:fs';
import { partitionDocument } from '../../nodes/DocumentProcessing/api/partition';
import * as pdfDoc from '../../nodes/DocumentProcessing/helpers/pdfDocument';
import { closeAllPools } from '../../nodes/DocumentProcessing/transport';
const emu = JSON.parse(process.argv[2]);
const t0 = Date.now();
const orig = pdfDoc.buildRangePdf;
(pdfDoc as any).buildRangePdf = async (d: any, r: any) => { const s = Date.now(); const b = await orig(d, r); console.log(`build ${r.first}-${r.last} at ${s - t0} took ${Date.now() - s}`); return b; };
(async () => {
  const file = process.argv[3];
  const out = await partitionDocument({ node: { name: 'x' } as any, connection: { apiKey: emu.apiKey, baseUrl: emu.url, partitionUrl: emu.partitionUrl }, itemIndex: 0 },
    { fileName: 'a.pdf', mimeType: 'application/pdf', size: statSync(file).size, open: async () => createReadStream(file) },
    { strategy: 'fast', languages: [], coordinates: false, uniqueElementIds: false, splitPdfPage: true, splitPdfAllowFailed: false, splitPdfConcurrencyLevel: 5, additional: [] });
  console.log('done', Date.now() - t0, out.elements.length);
  await closeAllPools();
})();
