/**
 * Imports into a running n8n through its REST API, as the editor saves credentials and workflows:
 * a request to the server instead of an `n8n import:*` process (a full n8n boot, about 3 s, taken
 * in turn with every other CLI call on the folder). Used for the shared n8n (shared.ts).
 *
 * n8n 2.x keeps a workflow's id on POST /rest/workflows (it refuses an id that exists), but gives a
 * credential a new id on POST /rest/credentials. So a credential asked for with an id is created
 * under n8n's id, and the workflows imported later through the same importer have their node
 * credential references rewritten from the asked-for id to n8n's. n8n 1.x gives a workflow a new id
 * too, and refuses one without `active`: with `n8nV1` the importer sends `active: false` and returns
 * n8n's id (every suite goes on with the id it gets back); without it a different id is an error, as
 * a 2.x that stopped keeping ids would be.
 */
import { workflowToImport, type CredentialInput, type WorkflowJson } from './cli';
import type { N8nRestSession } from './rest';

type NodeCredentials = Record<string, { id?: string | null; name?: string }>;

/** The workflow fields POST /rest/workflows takes (its DTO drops the rest, e.g. `active`). */
const WORKFLOW_FIELDS = ['id', 'name', 'description', 'nodes', 'connections', 'settings', 'meta', 'pinData', 'tags'] as const;

export interface RestImporter {
	/** Creates the credential (in the owner's personal project); returns `{id, name}` as nodes reference it. */
	importCredential(credential: CredentialInput): Promise<{ id: string; name: string }>;
	/** Creates the workflow, unpublished, under its own id (generated when it has none); returns the id. */
	importWorkflow(workflow: WorkflowJson | string): Promise<string>;
}

export function restImporter(rest: Pick<N8nRestSession, 'request'>, options: { n8nV1?: boolean } = {}): RestImporter {
	/** Asked-for credential id → the id n8n gave it. */
	const credentialIds = new Map<string, string>();

	const withCredentialIds = (node: Record<string, unknown>): Record<string, unknown> => {
		const credentials = node.credentials as NodeCredentials | undefined;
		if (!credentials) return node;
		const mapped = Object.fromEntries(
			Object.entries(credentials).map(([type, ref]) => [type, { ...ref, id: (ref.id && credentialIds.get(ref.id)) ?? ref.id }]),
		);
		return { ...node, credentials: mapped };
	};

	return {
		importCredential: async ({ id, name, type, data }) => {
			const created = await rest.request<{ id: string }>('POST', '/rest/credentials', { name, type, data });
			if (id) credentialIds.set(id, created.id);
			return { id: created.id, name };
		},
		importWorkflow: async (workflow) => {
			const json = workflowToImport(workflow);
			const body: Record<string, unknown> = {};
			for (const field of WORKFLOW_FIELDS) if (json[field] !== undefined) body[field] = json[field];
			body.nodes = json.nodes.map(withCredentialIds);
			if (options.n8nV1) body.active = false;
			const saved = await rest.request<{ id: string }>('POST', '/rest/workflows', body);
			if (saved.id !== json.id && !options.n8nV1) throw new Error(`n8n saved workflow ${json.id} as ${saved.id}`);
			return saved.id;
		},
	};
}
