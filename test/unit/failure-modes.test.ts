import { generateKeyPairSync } from 'node:crypto';
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkWebhookChannel } from '../../nodes/DocumentProcessing/api/channelRules';
import { finalNodeId } from '../../nodes/DocumentProcessing/api/jobOutputs';
import type { CallContext } from '../../nodes/DocumentProcessing/api/context';
import { publicKeyFromCertificate } from '../../nodes/DocumentProcessing/secrets/certificateKey';
import { PublicKeyError } from '../../nodes/DocumentProcessing/secrets/envelope';
import { fileFailureRouting } from '../../nodes/DocumentProcessing/failedFiles/failureItems';
import { encryptionCertificate } from '../emulator/secrets/certificate';
import { actionNode } from '../harness/action-node';

const node: INode = actionNode('failure-modes');
const call = (allowHttpWebhooksOnLoopback = false): CallContext => ({
	node,
	itemIndex: 2,
	connection: { apiKey: 'k', baseUrl: 'https://x.example', partitionUrl: 'https://x.example/general/v0/general', allowHttpWebhooksOnLoopback },
});

describe('the final node, by identity', () => {
	const files = [
		{ node_id: 'n-extract', file_id: 'f1', node_type: 'structured_data_extractor', node_subtype: 'llm' },
		{ node_id: 'n-part', file_id: 'f1', node_type: 'partition', node_subtype: 'vlm' },
		{ node_id: 'n-ocr', file_id: 'f1', node_type: 'prompter', node_subtype: 'provider_ocr' },
	];
	it('is the node of the request’s last step, wherever it is listed', () => {
		expect(finalNodeId(files, { type: 'structured_data_extractor', subtype: 'llm' })).toBe('n-extract');
		expect(finalNodeId(files, { type: 'prompter', subtype: 'provider_ocr' })).toBe('n-ocr');
	});
	it('without the request, is the node whose kind comes latest in a pipeline', () => {
		expect(finalNodeId([files[1], { node_id: 'n-chunk', file_id: 'f1', node_type: 'chunk', node_subtype: 'chunk_by_title' }, files[0]])).toBe('n-chunk');
	});
	it('falls back to list order only when the service sends no node kinds', () => {
		expect(finalNodeId([{ node_id: 'a', file_id: 'f' }, { node_id: 'b', file_id: 'f' }])).toBe('b');
		expect(finalNodeId([])).toBeUndefined();
	});
});

describe('webhook channel rules, checked before any request', () => {
	const refused = (run: () => void) => {
		try {
			run();
		} catch (error) {
			return error as NodeOperationError;
		}
		throw new Error('not refused');
	};
	it('refuses http with the service’s HTTPS rule and how to get a public HTTPS address', () => {
		const error = refused(() => checkWebhookChannel(call(), { url: 'http://n8n.example/webhook/abc' }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/requires an HTTPS webhook address/);
		expect(error.description).toMatch(/WEBHOOK_URL/);
		expect(error.description).toMatch(/tunnel/);
		expect(error.context.itemIndex).toBe(2);
	});
	it('allows http to loopback only with the credential’s local-testing switch', () => {
		for (const host of ['127.0.0.1:5678', '[::1]:5678', 'localhost:5678']) {
			expect(() => checkWebhookChannel(call(), { url: `http://${host}/webhook/a` })).toThrow(/HTTPS/);
			expect(() => checkWebhookChannel(call(true), { url: `http://${host}/webhook/a` })).not.toThrow();
		}
		expect(() => checkWebhookChannel(call(true), { url: 'http://10.0.0.5/webhook/a' })).toThrow(/HTTPS/);
		expect(() => checkWebhookChannel(call(), { url: 'https://n8n.example/webhook/a' })).not.toThrow();
	});
	it('refuses a signing secret outside 24–75 bytes without showing it', () => {
		const short = refused(() => checkWebhookChannel(call(), { secret: 'tooshort' }));
		expect(short.message).toBe('The Signing Secret is 8 bytes long; the service takes 24 to 75');
		expect(JSON.stringify(short)).not.toContain('tooshort');
		expect(() => checkWebhookChannel(call(), { secret: 'x'.repeat(76) })).toThrow(/76 bytes/);
		expect(() => checkWebhookChannel(call(), { secret: 'x'.repeat(24) })).not.toThrow();
		expect(() => checkWebhookChannel(call(), { secret: 'x'.repeat(75) })).not.toThrow();
		// Bytes, not characters: 12 two-byte characters are 24 bytes.
		expect(() => checkWebhookChannel(call(), { secret: 'é'.repeat(11) })).toThrow(/22 bytes/);
	});
});

describe('the public key from the encryption certificate', () => {
	const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
	const issued = encryptionCertificate(keys.publicKey, 60_000);
	it('is the certificate’s RSA key when the certificate is current and signed by the chain', () => {
		expect(publicKeyFromCertificate(issued.encryption_certificate, issued.ca_chain).equals(keys.publicKey)).toBe(true);
		expect(publicKeyFromCertificate(issued.encryption_certificate, [issued.ca_chain]).equals(keys.publicKey)).toBe(true);
	});
	it('refuses an expired certificate, one another CA signed, and a body that is no certificate', () => {
		expect(() => publicKeyFromCertificate(issued.encryption_certificate, issued.ca_chain, Date.now() + 3_600_000)).toThrow(/not valid now/);
		const other = encryptionCertificate(keys.publicKey, 60_000);
		expect(() => publicKeyFromCertificate(issued.encryption_certificate, other.ca_chain)).toThrow(/not signed by the CA chain/);
		expect(() => publicKeyFromCertificate('-----BEGIN PUBLIC KEY-----', undefined)).toThrow(PublicKeyError);
	});
});

describe('how failed files are routed, from the node’s On Error setting', () => {
	it.each([
		[{}, 'error'],
		[{ onError: 'stopWorkflow' as const }, 'error'],
		[{ onError: 'continueRegularOutput' as const }, 'items'],
		[{ onError: 'continueErrorOutput' as const }, 'errorOutput'],
		[{ continueOnFail: true }, 'items'],
	])('%j → %s', (settings, routing) => expect(fileFailureRouting(settings)).toBe(routing));
});
