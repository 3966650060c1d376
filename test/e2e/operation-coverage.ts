/**
 * Which operations of the action node the e2e workflow files exercise. The node's operations are
 * read from its description as n8n serves it (so a new operation shows up uncovered at once), the
 * used ones from every workflow file that an e2e suite actually loads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WORKFLOWS_DIR, type NodeTypeDescription } from './n8n';

interface Property {
	name: string;
	default?: unknown;
	options?: Array<Record<string, unknown>>;
	displayOptions?: { show?: Record<string, unknown[]> };
}

/** `resource:operation` for every operation the package's node offers (not those n8n injects). */
export function offeredOperations(description: NodeTypeDescription): string[] {
	const properties = description.properties as Property[];
	const resources = properties.find((p) => p.name === 'resource')?.options?.map((o) => String(o.value)) ?? [];
	const offered: string[] = [];
	for (const resource of resources) {
		const selector = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
		for (const option of selector?.options ?? []) {
			// n8n adds "Custom API Call" (__CUSTOM_API_CALL__) to nodes whose credential can sign HTTP requests.
			if (!String(option.value).startsWith('__')) offered.push(`${resource}:${String(option.value)}`);
		}
	}
	return offered;
}

function defaults(description: NodeTypeDescription): { resource: string; operationOf: (resource: string) => string } {
	const properties = description.properties as Property[];
	return {
		resource: String(properties.find((p) => p.name === 'resource')?.default ?? ''),
		operationOf: (resource) =>
			String(properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))?.default ?? ''),
	};
}

/** Workflow files some `*.e2e.test.ts` loads with loadWorkflow('<file>', ...). */
export function loadedWorkflowFiles(): string[] {
	const suites = fs.readdirSync(__dirname).filter((name) => name.endsWith('.e2e.test.ts'));
	const source = suites.map((name) => fs.readFileSync(path.join(__dirname, name), 'utf8')).join('\n');
	return fs
		.readdirSync(WORKFLOWS_DIR)
		.filter((file) => file.endsWith('.json'))
		.filter((file) => source.includes(`'${file}'`) || source.includes(`"${file}"`));
}

/** `resource:operation` → workflow files (and node names) that use it, over the given files. */
export function usedOperations(description: NodeTypeDescription, files: string[]): Map<string, string[]> {
	const { resource: defaultResource, operationOf } = defaults(description);
	const used = new Map<string, string[]>();
	for (const file of files) {
		// Placeholders sit inside strings, so the raw file is valid JSON.
		const workflow = JSON.parse(fs.readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8')) as {
			nodes: Array<{ name: string; type: string; disabled?: boolean; parameters?: Record<string, unknown> }>;
		};
		for (const node of workflow.nodes) {
			if (node.type !== description.name || node.disabled) continue;
			const resource = String(node.parameters?.resource ?? defaultResource);
			const key = `${resource}:${String(node.parameters?.operation ?? operationOf(resource))}`;
			used.set(key, [...(used.get(key) ?? []), `${file} › ${node.name}`]);
		}
	}
	return used;
}
