/** `npm run compat:readme`: renders the README's Compatibility table from test/compat/results. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRecords, withTable } from './legs';

const readmeFile = path.resolve(__dirname, '..', '..', 'README.md');
fs.writeFileSync(readmeFile, withTable(fs.readFileSync(readmeFile, 'utf8'), readRecords()));
process.stdout.write(`compatibility table written to ${readmeFile}\n`);
