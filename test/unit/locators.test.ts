/** Every "From list" picker of both nodes has its listSearch method; a job or channel is always picked so. */
import type { INodeProperties, INodePropertyCollection, INodeType } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';

/** Properties at every depth (collections and fixed collections included). */
function allProperties(properties: Array<INodeProperties | INodePropertyCollection>): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = ('options' in property ? property.options : 'values' in property ? property.values : undefined) ?? [];
		const children = (nested as object[]).filter((entry): entry is INodeProperties | INodePropertyCollection => 'name' in entry && ('type' in entry || 'values' in entry));
		return [...('type' in property ? [property as INodeProperties] : []), ...allProperties(children)];
	});
}

type Searchable = INodeType & { methods?: { listSearch?: Record<string, unknown> } };

const locators = (node: INodeType) => allProperties(node.description.properties).filter((property) => property.type === 'resourceLocator');

describe.each([
	['action node', new DocumentProcessing()],
	['trigger', new DocumentProcessingTrigger()],
])('%s', (_label, node) => {
	it('has a listSearch method behind every "From list" mode, and By ID after it', () => {
		const found = locators(node);
		expect(found.length).toBeGreaterThan(0);
		for (const locator of found) {
			const modes = locator.modes ?? [];
			expect(modes.map((mode) => mode.name).slice(0, 2)).toEqual(['list', 'id']);
			const method = String(modes[0].typeOptions?.searchListMethod);
			expect({ locator: locator.name, method, defined: typeof (node as Searchable).methods?.listSearch?.[method] }).toEqual({ locator: locator.name, method, defined: 'function' });
		}
	});
});

describe('job and channel fields', () => {
	const properties = allProperties(new DocumentProcessing().description.properties);

	it.each(['jobId', 'channelId'])('%s is a picker wherever it shows', (name) => {
		const types = properties.filter((property) => property.name === name).map((property) => property.type);
		expect(types.length).toBeGreaterThan(0);
		expect(new Set(types)).toEqual(new Set(['resourceLocator']));
	});
});
