/**
 * The shared n8n's REST importer (test/e2e/lib/rest-import.ts): what it sends, the workflow id it
 * keeps, and the credential ids it maps. A recording fake stands in for n8n's REST API; the real
 * round trip is every e2e suite on the shared n8n.
 */
import { restImporter } from '../e2e/lib/rest-import';

interface Sent {
	method: string;
	pathname: string;
	body: Record<string, unknown>;
}

function fakeRest(answers: { credentialId?: string; workflowId?: (asked: string) => string } = {}) {
	const sent: Sent[] = [];
	const request = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
		const sentBody = body as Record<string, unknown>;
		sent.push({ method, pathname, body: sentBody });
		const id = pathname === '/rest/credentials' ? (answers.credentialId ?? 'n8nCredential01') : (answers.workflowId ?? ((asked) => asked))(String(sentBody.id));
		return await Promise.resolve({ id } as T);
	};
	return { sent, rest: { request } };
}

const node = (credentialId: string) => ({
	name: 'Get job',
	type: 'n8n-nodes-document-processing.documentProcessing',
	parameters: {},
	credentials: { documentProcessingApi: { id: credentialId, name: 'Emulator' } },
});

describe('restImporter', () => {
	it('creates a credential with its name, type and plain data, and returns the id n8n gave it', async () => {
		const { sent, rest } = fakeRest({ credentialId: 'givenByN8n00001' });
		const created = await restImporter(rest).importCredential({ name: 'Emulator', type: 'documentProcessingApi', data: { apiKey: 'k' } });
		expect(created).toEqual({ id: 'givenByN8n00001', name: 'Emulator' });
		expect(sent).toEqual([{ method: 'POST', pathname: '/rest/credentials', body: { name: 'Emulator', type: 'documentProcessingApi', data: { apiKey: 'k' } } }]);
	});

	it('keeps the workflow id, sends only the fields n8n takes, and defaults the execution order', async () => {
		const { sent, rest } = fakeRest();
		const id = await restImporter(rest).importWorkflow({ id: 'fixtureWorkflow1', name: 'W', active: true, nodes: [], connections: {} });
		expect(id).toBe('fixtureWorkflow1');
		expect(sent[0]).toEqual({
			method: 'POST',
			pathname: '/rest/workflows',
			body: { id: 'fixtureWorkflow1', name: 'W', nodes: [], connections: {}, settings: { executionOrder: 'v1' } },
		});
	});

	it('generates a workflow id when the workflow has none', async () => {
		const { sent, rest } = fakeRest();
		const id = await restImporter(rest).importWorkflow({ name: 'W', nodes: [], connections: {} });
		expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
		expect(sent[0].body.id).toBe(id);
	});

	it('rewrites references to an asked-for credential id to the id n8n gave, and leaves others alone', async () => {
		const { sent, rest } = fakeRest({ credentialId: 'givenByN8n00001' });
		const importer = restImporter(rest);
		await importer.importCredential({ id: 'askedFor0000001', name: 'Emulator', type: 'documentProcessingApi', data: {} });
		await importer.importWorkflow({ name: 'W', nodes: [node('askedFor0000001'), node('elsewhere000001')], connections: {} });
		const nodes = sent[1].body.nodes as Array<ReturnType<typeof node>>;
		expect(nodes.map((n) => n.credentials.documentProcessingApi)).toEqual([
			{ id: 'givenByN8n00001', name: 'Emulator' },
			{ id: 'elsewhere000001', name: 'Emulator' },
		]);
	});

	it('fails when n8n saved the workflow under another id', async () => {
		const { rest } = fakeRest({ workflowId: () => 'somethingElse01' });
		await expect(restImporter(rest).importWorkflow({ id: 'fixtureWorkflow1', name: 'W', nodes: [], connections: {} })).rejects.toThrow(
			'n8n saved workflow fixtureWorkflow1 as somethingElse01',
		);
	});

	it('on n8n 1.x sends the workflow inactive and returns the id n8n gave it', async () => {
		const { rest, sent } = fakeRest({ workflowId: () => 'givenByN8n1x001' });
		expect(await restImporter(rest, { n8nV1: true }).importWorkflow({ id: 'fixtureWorkflow1', name: 'W', nodes: [], connections: {} })).toBe('givenByN8n1x001');
		expect(sent[0].body).toMatchObject({ active: false });
	});
});
