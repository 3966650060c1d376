/**
 * Issue 43, finding 4: in version 3 the connector types without per-field models (the Slack
 * source, the MotherDuck destination) and Other Type had no secret keys by default, so `token`,
 * `md_token` and a destination `password` reached the service in plaintext and stayed unmasked in
 * the error's copy of the node. Their known secret keys are now always encrypted and masked.
 */
import type { INodeParameters } from 'n8n-workflow';
import { caught, errorText, secretTestBed } from './support/secrets';

const bed = secretTestBed();
const MARKER = 'KNOWN-KEY-PLAINTEXT-41c7';
const MASK = '**********';
const v3 = { typeVersion: 3 };
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

describe.each(cases)('version 3: $name', ({ path, parameters, key }) => {
	it('is encrypted and registered before sending, and masked in the output', async () => {
		const result = await bed.run(parameters, v3);
		const [created] = (await bed.requests()).filter((r) => r.method === 'POST' && r.path === path);
		expect((created.json as { config: Record<string, unknown> }).config[key]).toEqual(reference);
		expect((await bed.secrets()).map((s) => s.plaintext)).toEqual([MARKER]);
		expect(JSON.stringify(await bed.requests())).not.toContain(MARKER);
		expect((result.output[0][0].json.config as Record<string, unknown>)[key]).toBe(MASK);
	});

	it('is masked in the copy of the node an error carries', async () => {
		await bed.fault({ path, method: 'POST', status: 500, detail: 'storage unavailable', times: 10 });
		const error = await caught(bed.run(parameters, v3));
		expect(error.message + String(error.description)).toContain('storage unavailable');
		const node = (error as unknown as { node?: { parameters: Record<string, unknown> } }).node;
		expect(JSON.parse(String(node?.parameters.connectorConfigJson))[key]).toBe(MASK);
		expect(errorText(error)).not.toContain(MARKER);
	});
});
