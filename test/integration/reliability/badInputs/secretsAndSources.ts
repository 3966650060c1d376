/** Bad secrets and source-connector configs: the message names the place, never the secret in it. */
import { SECRET_PLAINTEXT } from '../bench';
import { type BadInput, file, fromJson, otherSource } from './case';

export const SECRET_AND_SOURCE_INPUTS: BadInput[] = [
	{ name: 'a blank secret', parameters: { resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: '={{ "   " }}' }, message: /^Secret is empty$/, itemIndex: 0 },
	{
		name: 'a secret that must be JSON but is not',
		parameters: { resource: 'secret', operation: 'register', secretInput: 'expression', secretValue: fromJson('secret'), options: { isJson: true } },
		items: [{ json: { secret: `{"key": ${SECRET_PLAINTEXT}}` } }],
		message: /^Secret is not valid JSON \(line 1, column 9\)$/,
		mustNotShow: SECRET_PLAINTEXT,
		itemIndex: 0,
	},
	{
		name: 'a secret file that is not UTF-8',
		parameters: { resource: 'secret', operation: 'register', secretInput: 'binary' },
		items: [{ json: {}, binary: { data: file('key.bin', Buffer.from([0xff, 0xfe, 0x00, 0xc3]), 'application/octet-stream') } }],
		message: /^The Secret file cannot be used: the file is not UTF-8 text \(item 0, Input Binary Field "data", file "key\.bin"\)$/,
		itemIndex: 0,
	},
	{
		name: 'a source config that is not JSON',
		parameters: otherSource(fromJson('config')),
		items: [{ json: { config: `{"bucket": "invoices", "secret_key": ${SECRET_PLAINTEXT}` } }],
		message: /^Config \(JSON\) is not valid JSON \(line 1, column 38\)$/,
		mustNotShow: SECRET_PLAINTEXT,
		itemIndex: 0,
	},
	{ name: 'a source config that is not an object', parameters: otherSource('["a"]'), message: /^Config \(JSON\) must be a JSON object$/, itemIndex: 0 },
	{
		name: 'a secret reference without type',
		parameters: { resource: 'source', operation: 'create', sourceName: 'Drive', connectorTypeId: 'google_drive', configInput: 'json', connectorConfigJson: '{"drive_id": "d", "service_account_key": {"id": "8d3e5b7a-2c41-4f0e-9a6b-1f2e3d4c5b6a"}}' },
		message: /^The secret reference in Config \(JSON\) key "service_account_key" \(Service Account Key \(JSON\)\) has no type$/,
		itemIndex: 0,
	},
	{
		name: 'a service-account key that is JSON but not an object',
		parameters: { resource: 'source', operation: 'create', sourceName: 'Drive', connectorTypeId: 'google_drive', cfg_google_drive_drive_id: 'd1', cfg_google_drive_options: { serviceAccountKeyFile: 'key' } },
		items: [{ json: {}, binary: { key: file('key.json', '[1, 2]', 'application/json') } }],
		message: /^Service Account Key \(JSON\) is JSON but not an object$/,
		itemIndex: 0,
	},
	{ name: 'a blank connector type name', parameters: { ...otherSource('{}'), otherTypeName: '  ' }, message: /^Type Name is empty$/, itemIndex: 0 },
];
