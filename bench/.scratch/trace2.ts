import { createReadStream, statSync } from 'node:fs';
const reqMod = require('../../nodes/DocumentProcessing/transport/request');
const t0 = Date.now();
const orig = reqMod.callService;
let n = 0;
reqMod.callService = async (c: any, r: any) => { const id = n++; const s = Date.now(); const res = await orig(c, r); console.log(`req ${id} start ${s - t0} took ${Date.now() - s}`); return res; };
import { partitionDocument } from '../../nodes/DocumentProcessing/api/partition';
import { closeAllPools } from '../../nodes/DocumentProcessing/transport';
const emu = JSON.parse(process.argv[2]);
(async () => {
  const file = process.argv[3];
  const out = await partitionDocument({ node: { name: 'x' } as any, connection: { apiKey: emu.apiKey, baseUrl: emu.url, partitionUrl: emu.partitionUrl }, itemIndex: 0 },
    { fileName: 'a.pdf', mimeType: 'application/pdf', size: statSync(file).size, open: async () => createReadStream(file) },
    { strategy: 'fast', languages: [], coordinates: false, uniqueElementIds: false, splitPdfPage: process.argv[4] !== 'whole', splitPdfAllowFailed: false, splitPdfConcurrencyLevel: 5, additional: [] });
  console.log('done', Date.now() - t0, out.elements.length);
  await closeAllPools();
})();
