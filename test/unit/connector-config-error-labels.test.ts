/** The service's config keys in a 422's text, told with the form's names (pure). */
import { withFormNames } from '../../nodes/DocumentProcessing/actions/common/connector/configErrorLabels';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';

const fields = (type: string, kind: 'source' | 'destination') => CONNECTOR_TABLE.types.find((t) => t.id === type)?.[kind]?.fields ?? [];

describe('a 422 in the form’s words', () => {
	it.each([
		['body.config.remote_url: Field required', 'Remote URL: Field required', ['Remote URL']],
		['config.remote_url: bad; body.config.recursive: Input should be a valid boolean', 'Remote URL: bad; Options › Recursive: Input should be a valid boolean', ['Remote URL', 'Options › Recursive']],
		['body.config.key: config.key: secret s1 not found', 'Options › AWS Access Key ID: secret s1 not found', ['Options › AWS Access Key ID']],
		['body.config.colour: extra key', 'body.config.colour: extra key', []],
		['body.name: required; myconfig.remote_url stays', 'body.name: required; myconfig.remote_url stays', []],
	])('%s', (text, expected, named) => {
		const result = withFormNames(text, fields('s3', 'source'), false);
		expect(result.text).toBe(expected);
		expect(result.named).toEqual(named);
	});

	it('takes the longest key first and names JSON keys with their labels', () => {
		const drive = fields('google_drive', 'source');
		expect(withFormNames('body.config.service_account_key: Input should be a valid string', drive, true).text).toBe(
			'Config (JSON) key "service_account_key" (Service Account Key (JSON)): Input should be a valid string',
		);
		const opensearch = fields('opensearch', 'destination');
		expect(withFormNames('body.config.aws_secret_access_key: bad', opensearch, false).text).toBe('Options › AWS Secret Access Key: bad');
	});
});
