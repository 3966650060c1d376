import type { INode } from 'n8n-workflow';
import { ExpressionError, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { maskConfigSecrets } from '../../nodes/DocumentProcessing/actions/common/connector/maskConfig';
import { SECRET_EXPRESSION_FIELD } from '../../nodes/DocumentProcessing/actions/secret/register.operation';
import { SIGNING_SECRET_EXPRESSION_FIELD } from '../../nodes/DocumentProcessing/actions/notificationChannel/signingSecret';
import { MASK, maskedNode, secretParameterNames, withMaskedNode } from '../../nodes/DocumentProcessing/secrets/maskSecrets';
import { asNodeError } from '../../nodes/DocumentProcessing/helpers/nodeErrors';

const PASSWORD_FIELDS = secretParameterNames(new DocumentProcessing().description.properties);
// The node masks the secrets' expression fields too: a value typed there is refused, not kept.
const SECRET_NAMES = new Set([...PASSWORD_FIELDS, SECRET_EXPRESSION_FIELD, SIGNING_SECRET_EXPRESSION_FIELD]);

function node(parameters: INode['parameters']): INode {
	return { id: 'n1', name: 'Register Secret', type: 'documentProcessing', typeVersion: 1, position: [0, 0], parameters };
}

describe('secret parameters in errors', () => {
	it('finds no password field: every secret comes from a credential, a file or an expression (n8n saves parameters as typed)', () => {
		expect([...PASSWORD_FIELDS]).toEqual([]);
	});

	it('masks the plaintext at the type’s documented secret keys of its Config (JSON)', () => {
		const masked = maskConfigSecrets(node({ resource: 'destination', connectorTypeId: 'pinecone', connectorConfigJson: '{"api_key": "pc-123", "index_name": "docs"}' }));
		expect(JSON.parse(masked.parameters.connectorConfigJson as string)).toEqual({ api_key: MASK, index_name: 'docs' });
		const other = maskConfigSecrets(node({ resource: 'source', connectorTypeId: 'other', connectorConfigJson: '{"t": "x", "u": 1}', encryptedKeysOfConfig: 't' }));
		expect(JSON.parse(other.parameters.connectorConfigJson as string)).toEqual({ t: MASK, u: 1 });
	});

	it('masks them at any depth in a copy, and leaves the node and empty values alone', () => {
		const original = node({
			resource: 'secret',
			secretValue: 'typed-secret',
			binaryPropertyName: '',
			options: { nested: [{ signingSecret: 'whsec_abc' }] },
		});
		const copy = maskedNode(original, SECRET_NAMES);
		expect(copy.parameters).toEqual({
			resource: 'secret',
			secretValue: MASK,
			binaryPropertyName: '',
			options: { nested: [{ signingSecret: MASK }] },
		});
		expect(original.parameters.secretValue).toBe('typed-secret');
	});

	it('keeps references and expressions in Config (JSON), masks unreadable text whole', () => {
		const pinecone = (json: string) => maskConfigSecrets(node({ resource: 'destination', connectorTypeId: 'pinecone', connectorConfigJson: json })).parameters.connectorConfigJson;
		expect(JSON.parse(pinecone('{"api_key": {"id": "s1", "type": "rsa_aes"}}') as string)).toEqual({ api_key: { id: 's1', type: 'rsa_aes' } });
		expect(pinecone('{"api_key": "abc')).toBe(MASK);
		expect(pinecone('={{ $json.config }}')).toBe('={{ $json.config }}');
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
