/**
 * Issue 43, finding 4: the connector types without per-field models (the Slack source, the
 * MotherDuck destination) and Other Type had no secret keys by default, so `token`, `md_token` and
 * a destination `password` reached the service in plaintext and stayed unmasked in the error's
 * copy of the node. Their known secret keys are now always encrypted (given by expression) and
 * masked (typed, they are refused, and the error's copy of the node shows them masked).
 */
import type { INodeParameters } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const MARKER = 'KNOWN-KEY-PLAINTEXT-41c7';
const MASK = '**********';
const reference = { id: expect.any(String), type: 'rsa_aes' };

const cases: Array<{ name: string; path: string; parameters: INodeParameters; key: string }> = [
	{
		name: 'the Slack source token',
		path: '/api/v1/sources',
		key: 'token',
		parameters: { resource: 'source', operation: 'create', sourceName: 'Team chat', connectorTypeId: 'slack', connectorConfigJson: JSON.stringify({ channels: ['C01'], token: MARKER }) },
	},
	{
		name: 'the MotherDuck destination md_token',
		path: '/api/v1/destinations',
		key: 'md_token',
		parameters: { resource: 'destination', operation: 'create', destinationName: 'Ducks', connectorTypeId: 'motherduck', connectorConfigJson: JSON.stringify({ database: 'docs', md_token: MARKER }) },
	},
	{
		name: 'an Other Type destination password',
		path: '/api/v1/destinations',
		key: 'password',
		parameters: { resource: 'destination', operation: 'create', destinationName: 'Store', connectorTypeId: 'other', otherTypeName: 'example_db', connectorConfigJson: JSON.stringify({ host: 'db', password: MARKER }) },
	},
	{
		name: 'an Other Type source token',
		path: '/api/v1/sources',
		key: 'token',
		parameters: { resource: 'source', operation: 'create', sourceName: 'Wiki', connectorTypeId: 'other', otherTypeName: 'example_wiki', connectorConfigJson: JSON.stringify({ space: 'docs', token: MARKER }) },
	},
];

/** The same node with its Config (JSON) given by an expression from the item, as a secret must be. */
const byExpression = (parameters: INodeParameters) => ({
	parameters: { ...parameters, connectorConfigJson: '={{ $json.config }}' },
	items: [{ json: { config: JSON.parse(String(parameters.connectorConfigJson)) as Record<string, unknown> } }],
});

describe.each(cases)('$name', ({ path, parameters, key }) => {
	it('is encrypted and registered before sending, and masked in the output', async () => {
		const given = byExpression(parameters);
		const result = await bed.run(given.parameters, { items: given.items });
		const [created] = (await bed.requests()).filter((r) => r.method === 'POST' && r.path === path);
		expect((created.json as { config: Record<string, unknown> }).config[key]).toEqual(reference);
		expect((await bed.secrets()).map((s) => s.plaintext)).toEqual([MARKER]);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
		expect((result.output[0][0].json.config as Record<string, unknown>)[key]).toBe(MASK);
	});

	it('typed into Config (JSON), is refused before any request and masked in the copy of the node the error carries', async () => {
		const error = await caught(bed.run(parameters));
		expect(error.message).toBe(`Config (JSON) holds a typed secret at "${key}"`);
		const node = (error as unknown as { node?: { parameters: Record<string, unknown> } }).node;
		expect(JSON.parse(String(node?.parameters.connectorConfigJson))[key]).toBe(MASK);
		expect(errorText(error)).not.toContain(MARKER);
		expect((await bed.requests()).filter((r) => r.path === path)).toEqual([]);
	});
});
