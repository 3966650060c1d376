import {
	looksLikeReference,
	parseConfigJson,
	parseSecretKeys,
	planSecretFields,
	requireReference,
	setAtPath,
} from '../../nodes/DocumentProcessing/actions/common/connector/connectorConfig';
import { InputProblem } from '../../nodes/DocumentProcessing/helpers/inputProblem';
import { decodeSecretBytes, jsonErrorOffset, parseJsonQuietly } from '../../nodes/DocumentProcessing/secrets/secretText';

const MARKER = 'PLAINTEXT-MARKER-9d41';

function problemOf(fn: () => unknown): InputProblem {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InputProblem);
		return error as InputProblem;
	}
	throw new Error('expected a InputProblem');
}

describe('parseJsonQuietly', () => {
	it('says where JSON breaks without quoting it', () => {
		const result = parseJsonQuietly(`{\n  "private_key": "${MARKER}",\n  oops\n}`);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problem.where).toMatch(/^line 3, column \d+$/);
		expect(JSON.stringify(result)).not.toContain(MARKER);
	});

	it('handles truncated and empty text', () => {
		const truncated = parseJsonQuietly(`{"a": "${MARKER}"`);
		expect(truncated.ok).toBe(false);
		expect(JSON.stringify(truncated)).not.toContain(MARKER);
		expect(parseJsonQuietly('   ')).toEqual({ ok: false, problem: { where: 'the text is empty' } });
		expect(parseJsonQuietly('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
	});
});

describe('jsonErrorOffset', () => {
	it('points at the first character that breaks the grammar', () => {
		expect(jsonErrorOffset('{"a": 1}')).toBeUndefined();
		expect(jsonErrorOffset('PLAIN')).toBe(0);
		expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
		expect(jsonErrorOffset('[1, 2')).toBe(5);
		expect(jsonErrorOffset('"tab\there"')).toBe(4);
		expect(jsonErrorOffset('"bad \\x escape"')).toBe(6);
		expect(jsonErrorOffset('{"a": tru}')).toBe(6);
		expect(jsonErrorOffset('1 2')).toBe(2);
	});

	it('agrees with JSON.parse on which texts are valid (seeded mutations of a key file)', () => {
		const sample = JSON.stringify({ type: 'service_account', n: [1, -2.5e3, true, false, null], s: 'a\\"\u00e4\n', o: {} }, null, 1);
		const alphabet = '{}[]":,\\ -.0123456789eEtrufalsn\u00e4x\n';
		let state = 42;
		const random = (n: number) => {
			state = (state * 1103515245 + 12345) % 2 ** 31;
			return state % n;
		};
		for (let round = 0; round < 3000; round++) {
			const chars = sample.split('');
			for (let edits = 1 + random(3); edits > 0; edits--) {
				const at = random(chars.length);
				const kind = random(3);
				if (kind === 0) chars.splice(at, 1);
				else if (kind === 1) chars.splice(at, 0, alphabet[random(alphabet.length)]);
				else chars[at] = alphabet[random(alphabet.length)];
			}
			const text = chars.join('');
			let valid = true;
			try {
				JSON.parse(text);
			} catch {
				valid = false;
			}
			const offset = jsonErrorOffset(text);
			expect({ text, valid: offset === undefined }).toEqual({ text, valid });
		}
	});
});

describe('decodeSecretBytes', () => {
	it('decodes UTF-8, drops a BOM and refuses other bytes', () => {
		expect(decodeSecretBytes(Buffer.from('\uFEFF{"k":"ä"}', 'utf8'))).toBe('{"k":"ä"}');
		expect(() => decodeSecretBytes(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toThrow(InputProblem);
	});
});

describe('config JSON and secret keys', () => {
	it('parses a JSON object or takes an object, as a private copy', () => {
		const original = { a: { b: 1 } };
		const copy = parseConfigJson(original);
		expect(copy).toEqual(original);
		expect(copy).not.toBe(original);
		expect(parseConfigJson('{"x": true}')).toEqual({ x: true });
	});

	it('refuses invalid JSON and non-objects without quoting the config', () => {
		const problem = problemOf(() => parseConfigJson(`{"token": "${MARKER}",}`));
		expect(problem.message).toMatch(/Config \(JSON\) is not valid JSON \(line 1, column \d+\)/);
		expect(`${problem.message} ${problem.hint}`).not.toContain(MARKER);
		expect(problemOf(() => parseConfigJson('[1]')).message).toMatch(/must be a JSON object/);
		expect(problemOf(() => parseConfigJson(null)).message).toMatch(/must be a JSON object/);
	});

	it('reads comma-separated keys and dot paths', () => {
		expect(parseSecretKeys(' service_account_key , auth.token ,, ')).toEqual([['service_account_key'], ['auth', 'token']]);
		expect(parseSecretKeys('')).toEqual([]);
		expect(parseSecretKeys(undefined)).toEqual([]);
	});
});

describe('planSecretFields', () => {
	it('keeps references, collects plaintexts (strings and objects) and ignores absent keys', () => {
		const config = {
			drive_id: 'd1',
			service_account_key: { type: 'service_account', private_key: MARKER },
			auth: { token: MARKER, ref: { id: 's-1', type: 'rsa_aes' } },
		};
		const plan = planSecretFields(config, [['service_account_key'], ['auth', 'token'], ['auth', 'ref'], ['missing'], ['drive_id', 'x']]);
		expect(plan.inline).toEqual([
			{ path: ['service_account_key'], plaintext: JSON.stringify({ type: 'service_account', private_key: MARKER }) },
			{ path: ['auth', 'token'], plaintext: MARKER },
		]);
		expect(plan.config.auth).toMatchObject({ ref: { id: 's-1', type: 'rsa_aes' } });
	});

	it('checks that a reference has both id and type, naming the key and not a value', () => {
		const noType = problemOf(() => planSecretFields({ key: { id: 's-1' } }, [['key']]));
		expect(noType.message).toBe('The secret reference in config key "key" has no type');
		const neither = problemOf(() => planSecretFields({ a: { b: { id: '', type: ' ' } } }, [['a', 'b']]));
		expect(neither.message).toBe('The secret reference in config key "a.b" has no id and no type');
	});

	it('refuses an empty or null secret', () => {
		expect(problemOf(() => planSecretFields({ k: '  ' }, [['k']])).message).toMatch(/config key "k" is empty/);
		expect(problemOf(() => planSecretFields({ k: null }, [['k']])).message).toMatch(/config key "k" is null/);
	});

	it('treats prototype-like key names as plain data', () => {
		const config = parseConfigJson('{"constructor": "x", "__proto__": {"token": "t0ken"}}');
		const plan = planSecretFields(config, [['constructor'], ['__proto__', 'token'], ['toString']]);
		expect(plan.inline.map((entry) => entry.path)).toEqual([['constructor'], ['__proto__', 'token']]);
		setAtPath(plan.config, ['__proto__', 'token'], { id: 'r', type: 'rsa_aes' });
		expect(Object.getPrototypeOf(plan.config)).toBe(Object.prototype);
		expect(JSON.parse(JSON.stringify(plan.config))).toEqual(
			JSON.parse('{"constructor": "x", "__proto__": {"token": {"id": "r", "type": "rsa_aes"}}}'),
		);
	});

	it('recognises only objects made of id and type as references', () => {
		expect(looksLikeReference({ id: 'a', type: 'b' })).toBe(true);
		expect(looksLikeReference({ id: 'a' })).toBe(true);
		expect(looksLikeReference({ id: 'a', type: 'service_account', private_key: 'x' })).toBe(false);
		expect(looksLikeReference({})).toBe(false);
		expect(looksLikeReference('{"id":"a","type":"b"}')).toBe(false);
		expect(requireReference({ id: ' a ', type: 'rsa_aes' }, 'x')).toEqual({ id: 'a', type: 'rsa_aes' });
	});
});
