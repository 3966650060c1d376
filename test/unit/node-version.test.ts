/**
 * Until the package's first release, every node has one version, 1 (issue 51): no saved workflow
 * of any user holds another, so a second face of a node would only be weight. From the first
 * release on, a changed default or a moved field needs a new node version instead (saved workflows
 * keep their parameters), so then the versions may only grow. The action node's description stays
 * within 200 KB of JSON, the size the editor loads for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeType } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingLoader } from '../../nodes/DocumentProcessing/DocumentProcessingLoader.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sections } = require('../../scripts/changelog.js') as { sections(text: string): Array<{ version?: string; released: boolean }> };

const ROOT = join(__dirname, '..', '..');
const MAX_DESCRIPTION_BYTES = 200_000;

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const changelog = sections(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'));
/** Unreleased: the CHANGELOG dates no release, and its open section is the package.json version. */
const unreleased = changelog.every((section) => !section.released) && changelog.some((section) => section.version === pkg.version);

const NODES: Array<[string, INodeType]> = [
	['action node', new DocumentProcessing()],
	['trigger', new DocumentProcessingTrigger()],
	['loader', new DocumentProcessingLoader()],
];

const versionsOf = ({ description }: INodeType): number[] => [description.version].flat();

describe('node versions', () => {
	it('reads the release state from package.json and CHANGELOG.md', () => {
		expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
		// The CHANGELOG has a section for the package's version, dated once it is released.
		expect(changelog.map((section) => section.version)).toContain(pkg.version);
	});

	it.each(NODES)('%s: version 1 only while the package is unreleased, then only ever more versions', (_name, node) => {
		const versions = versionsOf(node);
		if (unreleased) {
			expect({ version: node.description.version, defaultVersion: node.description.defaultVersion }).toEqual({ version: 1, defaultVersion: undefined });
		} else {
			expect(versions[0]).toBe(1);
			expect([...versions].sort((a, b) => a - b)).toEqual(versions);
			expect(node.description.defaultVersion ?? Math.max(...versions)).toBe(versions[versions.length - 1]);
		}
	});

	it(`keeps the action node's description within ${MAX_DESCRIPTION_BYTES / 1000} KB of JSON`, () => {
		const bytes = Buffer.byteLength(JSON.stringify(new DocumentProcessing().description));
		process.stdout.write(`action node description: ${bytes} bytes of JSON, ${new DocumentProcessing().description.properties.length} top-level properties\n`);
		expect(bytes).toBeLessThanOrEqual(MAX_DESCRIPTION_BYTES);
	});
});
