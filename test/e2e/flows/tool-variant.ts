/** Flow 7: n8n lists the action node's Tool variant for AI agents, with the same operations. */
import { offeredOperations } from '../operation-coverage';
import { ACTION, type FlowsContext } from './flow-context';

export function toolVariantTest(flows: FlowsContext): void {
	const { suite } = flows;
	it('flow 7: the action node is usable as a tool and its Tool variant is in the node types', async () => {
		const { e2e } = suite;
		const types = await e2e.rest.nodeTypes();
		const action = types.find((t) => t.name === ACTION);
		expect(action?.usableAsTool).toBe(true);
		const tool = types.find((t) => t.name === `${ACTION}Tool`);
		expect(tool).toBeDefined();
		// What n8n's AI Agent connects to: a node with one ai_tool output in the AI › Tools category.
		expect(tool).toMatchObject({
			displayName: `${String(action?.displayName)} Tool`,
			inputs: [],
			outputs: ['ai_tool'],
			codex: { categories: expect.arrayContaining(['AI']), subcategories: { AI: expect.arrayContaining(['Tools']) } },
		});
		expect(tool?.credentials?.map((c) => c.name)).toContain('documentProcessingApi');
		const toolProperties = tool?.properties.map((p) => p.name) ?? [];
		expect(toolProperties).toEqual(expect.arrayContaining(['toolDescription', 'resource', 'operation']));
		// The tool offers the same operations as the node.
		expect(offeredOperations(tool!)).toEqual(offeredOperations(action!));
	});
}
