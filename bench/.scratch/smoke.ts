import { writeFileSync } from 'node:fs';
import { samplePdf } from '../../test/integration/partition-pdfs';
(async () => {
  writeFileSync('/tmp/exp/p300.pdf', await samplePdf({ pages: 300, imageBytesPerPage: 100_000 }));
  writeFileSync('/tmp/exp/p20.pdf', await samplePdf({ pages: 20 }));
})();
