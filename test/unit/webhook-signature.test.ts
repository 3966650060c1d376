import {
	generateSigningSecret,
	signingKey,
	signWebhook,
	verifyWebhookSignature,
	type SignedDelivery,
} from '../../nodes/DocumentProcessing/webhooks/webhookSignature';

// The published Standard Webhooks / Svix example: an independent check of the scheme.
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TIMESTAMP = '1614265330';
const SPEC_BODY = '{"test": 2432232314}';
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const SPEC_NOW = Number(SPEC_TIMESTAMP) * 1000;

const delivery = (overrides: Partial<SignedDelivery> = {}): SignedDelivery => ({
	id: SPEC_ID,
	timestamp: SPEC_TIMESTAMP,
	signature: SPEC_SIGNATURE,
	body: Buffer.from(SPEC_BODY),
	...overrides,
});

describe('Standard Webhooks signature', () => {
	it('signs the published example exactly as the standard does', () => {
		expect(signWebhook(SPEC_SECRET, SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY)).toBe(SPEC_SIGNATURE);
	});

	it('accepts the published example', () => {
		expect(verifyWebhookSignature(SPEC_SECRET, delivery(), SPEC_NOW)).toEqual({ valid: true });
	});

	it('refuses a tampered body, id or timestamp', () => {
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ body: Buffer.from('{"test": 2432232315}') }), SPEC_NOW)).toEqual({
			valid: false,
			reason: 'no signature matches',
		});
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ id: 'msg_other' }), SPEC_NOW).valid).toBe(false);
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ timestamp: '1614265331' }), SPEC_NOW).valid).toBe(false);
	});

	it('compares the raw bytes, so re-serialised JSON with other spacing does not pass', () => {
		const compact = Buffer.from(JSON.stringify(JSON.parse(SPEC_BODY)));
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ body: compact }), SPEC_NOW).valid).toBe(false);
	});

	it('refuses a wrong secret', () => {
		expect(verifyWebhookSignature(generateSigningSecret(), delivery(), SPEC_NOW).valid).toBe(false);
		expect(verifyWebhookSignature('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', delivery(), SPEC_NOW).valid).toBe(false);
	});

	it('uses a secret without the whsec_ prefix as its UTF-8 bytes', () => {
		expect(signingKey('plain secret')).toEqual(Buffer.from('plain secret', 'utf8'));
		expect(signingKey(SPEC_SECRET)).toEqual(Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'));
		const signature = signWebhook('plain secret', 'evt_1', SPEC_TIMESTAMP, SPEC_BODY);
		expect(verifyWebhookSignature('plain secret', delivery({ id: 'evt_1', signature }), SPEC_NOW)).toEqual({ valid: true });
	});

	it('refuses timestamps more than five minutes old or ahead, and accepts the edges', () => {
		const fiveMinutes = 5 * 60 * 1000;
		expect(verifyWebhookSignature(SPEC_SECRET, delivery(), SPEC_NOW + fiveMinutes)).toEqual({ valid: true });
		expect(verifyWebhookSignature(SPEC_SECRET, delivery(), SPEC_NOW - fiveMinutes)).toEqual({ valid: true });
		expect(verifyWebhookSignature(SPEC_SECRET, delivery(), SPEC_NOW + fiveMinutes + 1000)).toEqual({
			valid: false,
			reason: 'webhook-timestamp is too old',
		});
		expect(verifyWebhookSignature(SPEC_SECRET, delivery(), SPEC_NOW - fiveMinutes - 1000)).toEqual({
			valid: false,
			reason: 'webhook-timestamp is in the future',
		});
	});

	it('accepts any one matching signature among several, and ignores other versions', () => {
		const wrong = 'v1,' + Buffer.alloc(32, 7).toString('base64');
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ signature: `${wrong} ${SPEC_SIGNATURE}` }), SPEC_NOW)).toEqual({ valid: true });
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ signature: `v1a,abc= ${SPEC_SIGNATURE}` }), SPEC_NOW)).toEqual({ valid: true });
		expect(verifyWebhookSignature(SPEC_SECRET, delivery({ signature: `${wrong}  ${wrong}` }), SPEC_NOW).valid).toBe(false);
	});

	it('refuses malformed or missing headers with a reason', () => {
		const reasonFor = (overrides: Partial<SignedDelivery>) => {
			const result = verifyWebhookSignature(SPEC_SECRET, delivery(overrides), SPEC_NOW);
			return result.valid ? 'valid' : result.reason;
		};
		expect(reasonFor({ signature: undefined })).toMatch(/missing/);
		expect(reasonFor({ id: '' })).toMatch(/missing/);
		expect(reasonFor({ timestamp: undefined })).toMatch(/missing/);
		expect(reasonFor({ timestamp: '2021-02-25T12:22:10Z' })).toBe('malformed webhook-timestamp header');
		expect(reasonFor({ timestamp: '-1614265330' })).toBe('malformed webhook-timestamp header');
		expect(reasonFor({ id: 'has space' })).toBe('malformed webhook-id header');
		expect(reasonFor({ signature: 'g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })).toBe('malformed webhook-signature header');
		expect(reasonFor({ signature: 'v1,not base64!' })).toBe('malformed webhook-signature header');
		expect(reasonFor({ signature: 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })).toBe('no v1 signature in webhook-signature header');
		expect(reasonFor({ signature: 'v1,AAAA' })).toBe('no signature matches');
	});

	it('generates distinct whsec_ secrets of at least 24 random bytes', () => {
		const a = generateSigningSecret();
		const b = generateSigningSecret();
		expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
		expect(a).not.toBe(b);
		expect(signingKey(a).length).toBeGreaterThanOrEqual(24);
	});
});
