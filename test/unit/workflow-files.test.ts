/**
 * Every workflow file the package ships or its tests and demos import (examples/, test/**): its
 * Document Processing nodes are at version 1, the action node's only version, and give no
 * parameter n8n would drop as not shown for their operation and choices (a field of a former
 * version, of another operation, or a misspelt name would run as its default, unnoticed); a picker
 * holds a picker's value, not a bare id.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingLoader } from '../../nodes/DocumentProcessing/DocumentProcessingLoader.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { droppedParameters } from '../harness/workflow';

const ROOT = join(__dirname, '..', '..');
const action = new DocumentProcessing().description;
// The tool form of the node (an AI agent's tool) has the action node's parameters.
const DESCRIPTIONS: Record<string, INodeTypeDescription> = {
	'n8n-nodes-document-processing.documentProcessing': action,
	'n8n-nodes-document-processing.documentProcessingTool': action,
	'n8n-nodes-document-processing.documentProcessingLoader': new DocumentProcessingLoader().description,
	'n8n-nodes-document-processing.documentProcessingTrigger': new DocumentProcessingTrigger().description,
};

interface SavedNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters?: INodeParameters;
}

function workflowNodes(file: string): SavedNode[] {
	// The e2e harness fills %%PLACEHOLDERS%% in before import, some of them unquoted numbers.
	const text = readFileSync(join(ROOT, file), 'utf8').replace(/%%[A-Z0-9_]+%%/g, '0');
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [];
	}
	const nodes = (parsed as { nodes?: unknown }).nodes;
	return Array.isArray(nodes) ? (nodes as SavedNode[]).filter((node) => typeof node?.type === 'string' && node.type in DESCRIPTIONS) : [];
}

const isPickerValue = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;

/** Paths of values given to a picker (a resource locator, at the top or in a collection) that are not a picker's value. */
function barePickerValues(description: INodeTypeDescription, node: SavedNode, kept: INodeParameters): string[] {
	const found: string[] = [];
	const check = (property: INodeProperties, value: unknown, path: string): void => {
		if (property.type === 'resourceLocator' && !isPickerValue(value)) found.push(path);
		if (property.type !== 'collection' || typeof value !== 'object' || value === null) return;
		for (const [key, entry] of Object.entries(value)) {
			const option = (property.options ?? []).find((candidate): candidate is INodeProperties => 'type' in candidate && candidate.name === key);
			if (option) check(option, entry, `${path}.${key}`);
		}
	};
	for (const [key, value] of Object.entries(node.parameters ?? {})) {
		// The one property of that name the node shows for these values (several share a name).
		const shown = description.properties.filter((property) => property.name === key && NodeHelpers.displayParameter(kept, property, { typeVersion: node.typeVersion }, description));
		for (const property of shown) check(property, value, key);
	}
	return found;
}

const files = execFileSync('git', ['ls-files', '*.json'], { cwd: ROOT, encoding: 'utf8' })
	.split('\n')
	.filter((file) => (file.startsWith('examples/') || file.startsWith('test/')) && !file.includes('n8n-locks/'));
const saved = files.flatMap((file) => workflowNodes(file).map((node) => ({ file, node })));

describe('workflow files', () => {
	it('are found (examples, e2e, queue, dev and demo workflows)', () => {
		const folders = new Set(saved.map(({ file }) => file.split('/').slice(0, 2).join('/')));
		expect([...folders]).toEqual(expect.arrayContaining(['examples/upload-form-document-text.json', 'test/e2e', 'test/queue', 'test/dev']));
		expect(saved.filter(({ node }) => node.type.endsWith('.documentProcessing')).length).toBeGreaterThan(60);
	});

	it.each(saved.map(({ file, node }) => [file, node.name, node] as const))('%s › %s: version 1, every parameter shown', (_file, _name, node) => {
		const description = DESCRIPTIONS[node.type] as INodeTypeDescription;
		const parameters = node.parameters ?? {};
		const kept = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, { typeVersion: node.typeVersion }, description);
		const bare = barePickerValues(description, node, kept ?? {});
		expect({ typeVersion: node.typeVersion, dropped: droppedParameters(parameters, kept), bare }).toEqual({ typeVersion: 1, dropped: [], bare: [] });
	});
});
