import { detailText } from '../../nodes/DocumentProcessing/transport/errors';
import { connectionFromCredential, normaliseBaseUrl, normalisePartitionUrl } from '../../nodes/DocumentProcessing/transport/connection';
import { redact } from '../../nodes/DocumentProcessing/transport/redact';
import { backoffDelay, classifyNetworkError, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../nodes/DocumentProcessing/transport/retry';

describe('base URL normalisation', () => {
	it.each([
		['https://acme.example', 'https://acme.example'],
		['https://acme.example/', 'https://acme.example'],
		['https://acme.example/api/v1', 'https://acme.example'],
		['https://acme.example/api/v1/', 'https://acme.example'],
		['  https://acme.example/API/V1 ', 'https://acme.example'],
		['http://127.0.0.1:8765/prefix/api/v1', 'http://127.0.0.1:8765/prefix'],
	])('%s → %s', (raw, expected) => {
		expect(normaliseBaseUrl(raw)).toBe(expected);
	});

	it.each([['not a url'], ['ftp://acme.example'], [''], ['https://acme.example/?x=1']])('refuses %p naming the field', (raw) => {
		expect(() => normaliseBaseUrl(raw)).toThrow(/Workflow Endpoint/);
	});

	it('keeps the partition path but drops a trailing slash', () => {
		expect(normalisePartitionUrl('https://api.acme.example/general/v0/general/')).toBe(
			'https://api.acme.example/general/v0/general',
		);
	});

	it('refuses an empty API key', () => {
		expect(() => connectionFromCredential({ apiKey: ' ', baseUrl: 'https://a.example', partitionUrl: 'https://a.example/p' })).toThrow(/API Key/);
	});
});

describe('Retry-After', () => {
	const now = Date.parse('2026-11-22T10:00:00Z');
	it('reads seconds', () => expect(parseRetryAfter('3', now)).toBe(3000));
	it('reads fractional seconds', () => expect(parseRetryAfter('0.5', now)).toBe(500));
	it('reads an HTTP date', () => expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000));
	it('never goes negative for a past date', () => expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0));
	it('ignores garbage and absence', () => {
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});
});

describe('backoff', () => {
	it('grows exponentially within half and the full step, capped', () => {
		const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
		expect(backoffDelay(0, policy, () => 0)).toBe(50);
		expect(backoffDelay(0, policy, () => 1)).toBe(100);
		expect(backoffDelay(3, policy, () => 1)).toBe(800);
		expect(backoffDelay(10, policy, () => 1)).toBe(1000);
	});
});

describe('network error classification', () => {
	const withCode = (code: string) => Object.assign(new Error(code), { code });
	it('knows a refused connection never reached the service', () => {
		expect(classifyNetworkError(withCode('ECONNREFUSED'))).toMatchObject({ neverReached: true, permanent: false });
	});
	it('treats a reset as possibly reached', () => {
		expect(classifyNetworkError(withCode('ECONNRESET'))).toMatchObject({ neverReached: false });
	});
	it('reads the code from a cause chain', () => {
		const error = new Error('fetch failed', { cause: withCode('UND_ERR_HEADERS_TIMEOUT') });
		expect(classifyNetworkError(error)).toMatchObject({ timedOut: true });
	});
	it('does not classify aborts', () => {
		expect(classifyNetworkError(withCode('UND_ERR_ABORTED'))).toBeUndefined();
	});
});

describe('detail text', () => {
	it('passes a string through', () => expect(detailText({ detail: 'Job not found' })).toBe('Job not found'));
	it('joins validation entries with their location', () => {
		expect(
			detailText({ detail: [{ loc: ['body', 'code'], msg: 'field required' }, { loc: ['query'], msg: 'bad' }] }),
		).toBe('body.code: field required; query: bad');
	});
	it('names each field of an {errors: [{field, message}]} body', () => {
		expect(detailText({ errors: [{ field: 'url', message: 'must be https' }, { field: ['config', 'port'], message: 'not a number' }] })).toBe(
			'url: must be https; config.port: not a number',
		);
	});
	it('keeps both a detail and errors', () => expect(detailText({ detail: 'Invalid connector', errors: [{ field: 'name', message: 'taken' }] })).toBe('Invalid connector; name: taken'));
	it('shows an unknown JSON body shortened, with secret-looking values masked', () => {
		const text = detailText({ problem: 'x'.repeat(400), secret: 'whsec_abcdefghijklmnopqrstuvwx', nested: { api_key: 'k-123' } }) ?? '';
		expect(text.length).toBeLessThanOrEqual(301);
		expect(text).toMatch(/^\{"problem":"x+/);
		expect(detailText({ secret: 'whsec_abcdefghijklmnopqrstuvwx', nested: { api_key: 'k-123' } })).toBe('{"secret":"***","nested":{"api_key":"***"}}');
	});
	it('is undefined for an empty body', () => expect(detailText({})).toBeUndefined());
});

describe('redaction', () => {
	it('removes every occurrence of a secret', () => {
		expect(redact('key sk-123456 and sk-123456', ['sk-123456'])).toBe('key *** and ***');
	});
	it('ignores empty secrets', () => expect(redact('abc', ['', undefined])).toBe('abc'));
});
