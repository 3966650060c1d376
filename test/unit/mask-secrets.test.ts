import type { INode } from 'n8n-workflow';
import { ExpressionError, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { maskConfigSecrets } from '../../nodes/DocumentProcessing/actions/common/connector/maskConfig';
import { CONNECTOR_TABLE } from '../../nodes/DocumentProcessing/actions/common/connector/connectorTable';
import { MASK, maskedNode, secretParameterNames, withMaskedNode } from '../../nodes/DocumentProcessing/secrets/maskSecrets';
import { asNodeError } from '../../nodes/DocumentProcessing/helpers/nodeErrors';

const SECRET_NAMES = secretParameterNames(new DocumentProcessing().description.properties);

function node(parameters: INode['parameters']): INode {
	return { id: 'n1', name: 'Register Secret', type: 'documentProcessing', typeVersion: 1, position: [0, 0], parameters };
}

describe('secret parameters in errors', () => {
	it('finds every password field of the node: secret text, service-account key text, signing secret, the connector forms’ secrets', () => {
		// The v3 forms: a required secret is a top-level field (cfg_<type>_<key>), an optional one sits in Options by its key.
		const formSecrets = CONNECTOR_TABLE.types.flatMap((type) =>
			[type.source, type.destination].flatMap((model) => (model?.fields ?? []).filter((f) => f.secret).map((f) => (f.required ? `cfg_${type.id.replace(/-/g, '_')}_${f.key}` : f.key))),
		);
		expect(formSecrets).toEqual(expect.arrayContaining(['cfg_pinecone_api_key', 'secret', 'password']));
		expect([...SECRET_NAMES].sort()).toEqual([...new Set(['secretValue', 'serviceAccountKey', 'signingSecret', ...formSecrets])].sort());
	});

	it('masks the plaintext at the v3 type’s documented secret keys of its Config (JSON)', () => {
		const masked = maskConfigSecrets(node({ resource: 'destination', connectorTypeId: 'pinecone', connectorConfigJson: '{"api_key": "pc-123", "index_name": "docs"}' }));
		expect(JSON.parse(masked.parameters.connectorConfigJson as string)).toEqual({ api_key: MASK, index_name: 'docs' });
		const other = maskConfigSecrets(node({ resource: 'source', connectorTypeId: 'other', connectorConfigJson: '{"t": "x", "u": 1}', encryptedKeysOfConfig: 't' }));
		expect(JSON.parse(other.parameters.connectorConfigJson as string)).toEqual({ t: MASK, u: 1 });
	});

	it('masks them at any depth in a copy, and leaves the node and empty values alone', () => {
		const original = node({
			resource: 'secret',
			secretValue: 'typed-secret',
			serviceAccountKey: '',
			options: { nested: [{ signingSecret: 'whsec_abc' }] },
		});
		const copy = maskedNode(original, SECRET_NAMES);
		expect(copy.parameters).toEqual({
			resource: 'secret',
			secretValue: MASK,
			serviceAccountKey: '',
			options: { nested: [{ signingSecret: MASK }] },
		});
		expect(original.parameters.secretValue).toBe('typed-secret');
	});

	it('masks plaintext at the Secret Config Keys of Config (JSON), keeps references, masks unreadable text whole', () => {
		const masked = maskConfigSecrets(
			node({
				configJson: '{"bucket": "b", "auth": {"token": "tok-123"}, "service_account_key": {"id": "s1", "type": "rsa_aes"}}',
				encryptedConfigKeys: 'auth.token, service_account_key',
			}),
		);
		expect(JSON.parse(masked.parameters.configJson as string)).toEqual({
			bucket: 'b',
			auth: { token: MASK },
			service_account_key: { id: 's1', type: 'rsa_aes' },
		});
		expect(maskConfigSecrets(node({ configJson: '{"service_account_key": "abc' })).parameters.configJson).toBe(MASK);
		expect(maskConfigSecrets(node({ configJson: '={{ $json.config }}' })).parameters.configJson).toBe('={{ $json.config }}');
	});

	it('uses the resource’s default Secret Config Keys when the node does not save them (destinations: secret, token, password)', () => {
		const config = '{"remote_url": "s3://b/", "secret": "s-1", "password": "p-1", "service_account_key": "k-1"}';
		expect(JSON.parse(maskConfigSecrets(node({ resource: 'destination', configJson: config })).parameters.configJson as string)).toEqual({
			remote_url: 's3://b/',
			secret: MASK,
			password: MASK,
			service_account_key: MASK,
		});
		expect(JSON.parse(maskConfigSecrets(node({ resource: 'source', configJson: config })).parameters.configJson as string)).toEqual({
			remote_url: 's3://b/',
			secret: 's-1',
			password: 'p-1',
			service_account_key: MASK,
		});
	});

	it('gives n8n errors a masked node and wraps anything else with one', () => {
		const original = node({ secretValue: 'typed-secret' });
		const mask = (n: INode) => maskedNode(n, SECRET_NAMES);

		const apiError = new NodeApiError(original, { message: 'failed' }, { message: 'failed' });
		expect(withMaskedNode(apiError, original, mask)).toBe(apiError);
		expect(apiError.node.parameters.secretValue).toBe(MASK);

		const plain = withMaskedNode(new Error('boom'), original, mask) as NodeOperationError;
		expect(plain).toBeInstanceOf(NodeOperationError);
		expect(plain.message).toBe('boom');
		expect(plain.node.parameters.secretValue).toBe(MASK);
		expect(JSON.stringify({ ...plain })).not.toContain('typed-secret');
	});
});

describe('asNodeError', () => {
	const original = node({});

	it("passes n8n's own errors and aborts on unchanged", () => {
		const operation = new NodeOperationError(original, 'bad');
		const expression = new ExpressionError('bad expression');
		const abort = new DOMException('cancelled', 'AbortError');
		expect(asNodeError(original, operation)).toBe(operation);
		expect(asNodeError(original, expression)).toBe(expression);
		expect(asNodeError(original, abort)).toBe(abort);
	});

	it('wraps anything else in a NodeOperationError with the item', () => {
		const wrapped = asNodeError(original, new TypeError('x is undefined'), 3) as NodeOperationError;
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('x is undefined');
		expect(wrapped.context.itemIndex).toBe(3);
		expect(asNodeError(original, 'text').message).toBe('text');
	});
});
