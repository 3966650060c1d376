import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

/** A node type as a package exports it: plain or versioned. */
export type AnyNodeType = INodeType | IVersionedNodeType;

/**
 * n8n names community node types `<package name>.<description.name>`, e.g.
 * `n8n-nodes-document-processing.documentProcessing`. The package name is read from the
 * repository's package.json so `getNode().type` looks as it does in a real n8n.
 */
const PACKAGE_NAME: string = (() => {
	try {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
			name?: unknown;
		};
		return typeof pkg.name === 'string' ? pkg.name : 'CUSTOM';
	} catch {
		return 'CUSTOM';
	}
})();

export function fullNodeTypeName(nodeType: AnyNodeType): string {
	return `${PACKAGE_NAME}.${nodeType.description.name}`;
}

function isVersioned(nodeType: AnyNodeType): nodeType is IVersionedNodeType {
	return 'nodeVersions' in nodeType;
}

/** The version a new node of this type gets in the editor (the default / highest one). */
export function defaultTypeVersion(nodeType: AnyNodeType): number {
	if (isVersioned(nodeType)) {
		return (
			nodeType.description.defaultVersion ??
			Math.max(...Object.keys(nodeType.nodeVersions).map(Number))
		);
	}
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The concrete INodeType for a version (what WorkflowExecute gets from INodeTypes). */
export function resolveNodeType(nodeType: AnyNodeType, typeVersion: number): INodeType {
	return NodeHelpers.getVersionedNodeType(nodeType, typeVersion);
}

/** Default node name in a workflow, as the editor would name the first instance. */
export function defaultNodeName(nodeType: AnyNodeType, typeVersion: number): string {
	const { description } = resolveNodeType(nodeType, typeVersion);
	const name = description.defaults?.name;
	return typeof name === 'string' && name !== '' ? name : description.displayName;
}

/** INodeTypes over the node types given to one harness call. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, AnyNodeType>();

	constructor(nodeTypes: AnyNodeType[]) {
		for (const nodeType of nodeTypes) this.types.set(fullNodeTypeName(nodeType), nodeType);
	}

	getByName(nodeType: string): AnyNodeType {
		const found = this.types.get(nodeType);
		if (!found) {
			throw new UnexpectedError(`n8n harness: unknown node type "${nodeType}"`);
		}
		return found;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const name of this.types.keys()) known[name] = { className: name, sourcePath: '' };
		return known;
	}
}
