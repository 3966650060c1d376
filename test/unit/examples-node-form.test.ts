/**
 * The Document Processing nodes of examples/ are at the node's current version, with their
 * parameters exactly as the editor saves them: n8n fills every default while the panel is open
 * and saves only what differs (and what the version and choices show), so a hand-written field
 * of another version, a default written out or a field outside its Options would show here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingLoader } from '../../nodes/DocumentProcessing/DocumentProcessingLoader.node';

const actionDescription = new DocumentProcessing().description;
const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');
// The tool form of the node (an AI agent's tool) has the action node's parameters.
const DESCRIPTIONS: Record<string, INodeTypeDescription> = {
	'n8n-nodes-document-processing.documentProcessing': actionDescription,
	'n8n-nodes-document-processing.documentProcessingTool': actionDescription,
	'n8n-nodes-document-processing.documentProcessingLoader': new DocumentProcessingLoader().description,
};
const currentVersion = (description: INodeTypeDescription): number =>
	description.defaultVersion ?? (Array.isArray(description.version) ? Math.max(...description.version) : description.version);

interface SavedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

const nodes = fs
	.readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.flatMap((file) => (JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as { nodes: SavedNode[] }).nodes.map((node) => ({ file, node })))
	.filter(({ node }) => node.type in DESCRIPTIONS);

function asTheEditorSaves(node: SavedNode): INodeParameters | null {
	const description = DESCRIPTIONS[node.type] as INodeTypeDescription;
	const version = { typeVersion: node.typeVersion };
	const open = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, version, description);
	return NodeHelpers.getNodeParameters(description.properties, open, false, false, version, description);
}

describe('the Document Processing nodes of examples/', () => {
	it('are there (one per example that uses the service)', () => {
		expect(nodes.length).toBeGreaterThanOrEqual(5);
		expect(nodes.map(({ node }) => node.type)).toContain('n8n-nodes-document-processing.documentProcessingLoader');
	});

	it.each(nodes.map(({ file, node }) => [file, node.name, node] as const))('%s › %s is at the current version, saved as the editor saves it', (_file, _name, node) => {
		expect(node.typeVersion).toBe(currentVersion(DESCRIPTIONS[node.type] as INodeTypeDescription));
		expect(node.parameters).toEqual(asTheEditorSaves(node));
	});
});
