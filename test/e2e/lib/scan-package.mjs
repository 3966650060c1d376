// Runs n8n's community-package scanner (`analyzePackage` of @n8n/scan-community-package) on one
// folder and prints its verdict as JSON. A separate ESM process because the scanner is an ES
// module and jest runs this project as CommonJS. `analyzePackage` only lints the folder it is
// given: the registry, provenance and GitHub downloads live in `analyzePackageByName`, unused here.
// Usage: node scan-package.mjs <folder> source|tarball
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const [folder, kind] = process.argv.slice(2);
// The patterns analyzePackageByName uses for the attested source and for the published tarball.
const patterns = kind === 'source' ? SOURCE_FILE_PATTERNS : ['**/*.js', 'package.json'];
const { passed, message, details } = await analyzePackage(folder, patterns);
process.stdout.write(JSON.stringify({ passed, message: message ?? null, details: details ?? '' }));
