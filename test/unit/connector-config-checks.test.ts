/** The local checks of a connector config against a documented model (pure: no node, no request). */
import { checkConfig } from '../../nodes/DocumentProcessing/actions/common/connector/configChecks';
import type { ConnectorModel } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTableTypes';

// A model with every kind of field the table can hold, an enum included (the recorded client has none yet).
const MODEL: ConnectorModel = {
	model: 'ExampleConnectorConfigInput',
	extra: false,
	fields: [
		{ key: 'host', label: 'Host', description: 'The Host setting', type: 'string', required: true, nullable: false, secret: false },
		{ key: 'hosts', label: 'Hosts', description: 'The Hosts setting', type: 'stringList', required: false, nullable: true, secret: false },
		{ key: 'port', label: 'Port', description: 'The Port setting', type: 'number', required: false, nullable: false, secret: false, default: 443 },
		{ key: 'ssl', label: 'SSL', description: 'The SSL setting', type: 'boolean', required: false, nullable: false, secret: false, default: true },
		{ key: 'mode', label: 'Mode', description: 'The Mode setting', type: 'string', required: false, nullable: false, secret: false, options: ['fast', 'safe'] },
		{ key: 'token', label: 'Token', description: 'The Token setting', type: 'string', required: false, nullable: true, secret: true },
	],
};
const label = (field: { label: string }) => field.label;

describe('connector config checks', () => {
	it('fills documented defaults, splits lists, keeps references and plans plaintext secrets', () => {
		expect(checkConfig(MODEL, { host: 'h', hosts: 'a, b,', token: { id: 's1', type: 'rsa_aes' } }, label)).toEqual({
			config: { host: 'h', hosts: ['a', 'b'], port: 443, ssl: true, token: { id: 's1', type: 'rsa_aes' } },
			inline: [],
			unknownKeys: [],
		});
		const planned = checkConfig(MODEL, { host: 'h', token: 'plain', extra: 1 }, label);
		expect(planned.inline).toEqual([{ path: ['token'], plaintext: 'plain' }]);
		expect(planned.config).toMatchObject({ token: null, extra: 1 });
		expect(planned.unknownKeys).toEqual(['extra']);
	});

	it.each([
		[{}, 'Host is required'],
		[{ host: '  ' }, 'Host is required'],
		[{ host: 5 }, 'Host must be text'],
		[{ host: 'h', port: '443' }, 'Port must be a number'],
		[{ host: 'h', ssl: 'yes' }, 'SSL must be true or false'],
		[{ host: 'h', hosts: [1] }, 'Hosts must be a list of texts'],
		[{ host: 'h', mode: 'turbo' }, 'Mode has an unknown value'],
		[{ host: 'h', token: { id: 's1' } }, 'The secret reference in Token has no type'],
	])('refuses %j: %s', (values, message) => {
		expect(() => checkConfig(MODEL, values, label)).toThrow(message);
	});
});
