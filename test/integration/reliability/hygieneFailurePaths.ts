/**
 * Secret hygiene on the failure paths: bad input, a refused key, a service echoing the key, errors
 * as items, and the rows of the fault matrix that carry a secret under the faults that cut an
 * answer short or break it.
 */
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { API_KEY, credentialsFor, markdownItem, NOWHERE, SECRET_PLAINTEXT, SERVICE_ACCOUNT_KEY } from './bench';
import { FAULT_KINDS } from './faultKinds';
import { type HygieneChecks, secretFromJson } from './hygieneChecks';
import { runCase } from './matrixRunner';
import { operationsUnderTest } from './operations';

export function hygieneFailurePaths({ bench, expectClean, expectServiceSawNoPlaintext, lane, run }: HygieneChecks): void {
	it('bad input that carries a secret: messages name the place, never the content', async () => {
		const notJson = await run({ ...secretFromJson, options: { isJson: true } }, [{ json: { secret: `{"key": ${SECRET_PLAINTEXT}}` } }]);
		const badConfig = await run(
			{ resource: 'source', operation: 'create', sourceName: 'S3', connectorTypeId: 'other', otherTypeName: 's3', connectorConfigJson: '={{ $json.config }}' },
			[{ json: { config: `{"token": "${SECRET_PLAINTEXT}", ` } }],
		);
		const notObject = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', connectorTypeId: 'google_drive', cfg_google_drive_drive_id: 'd1', cfg_google_drive_options: { serviceAccountKeyFile: 'key' } },
			[{ json: {}, binary: { key: { data: Buffer.from(JSON.stringify(SECRET_PLAINTEXT)), fileName: 'key.json', mimeType: 'application/json' } } }],
		);
		const tooBig = await run({ resource: 'secret', operation: 'register', secretInput: 'binary' }, [
			{ json: {}, binary: { data: { data: Buffer.from(SECRET_PLAINTEXT.repeat(60_000)), fileName: 'key.txt', mimeType: 'text/plain' } } },
		]);
		expect([notJson, badConfig, notObject, tooBig].map((result) => result.error?.message)).toEqual([
			'Secret is not valid JSON (line 1, column 9)',
			'Config (JSON) is not valid JSON (the text ends too early)',
			'Service Account Key (JSON) is JSON but not an object',
			expect.stringMatching(/^The Secret file is \d+ kB, more than a secret can be \(item 0, Input Binary Field "data", file "key\.txt"\)$/),
		]);
		expect(await bench().requests()).toEqual([]);
	});

	it('a refused key: the error names the credential, not the key', async () => {
		const revoked = credentialsFor(bench().emulator.url, `${API_KEY}-revoked`);
		const results = [
			await run({ resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID }, undefined, { credentials: revoked }),
			await run(secretFromJson, [{ json: { secret: SECRET_PLAINTEXT } }], { credentials: revoked }),
			await run({ resource: 'document', operation: 'partition' }, [markdownItem()], { credentials: revoked }),
		];
		for (const result of results) {
			expect(result.error?.message).toMatch(/The service refused the API key/);
			expect(result.error?.description).toMatch(/Check the API key in the credential/);
		}
		let activation: unknown;
		await bench()
			.hook({ credentials: revoked })
			.activate()
			.catch((error: unknown) => (activation = error));
		expect(activation).toBeInstanceOf(Error);
		expectClean(activation);
	});

	it('a service that echoes the key in its error detail: the key is masked', async () => {
		const echo = { status: 400, detail: `key ${API_KEY} may not do this` };
		await bench().fault({ path: '/api/v1/jobs/', ...echo });
		await bench().fault({ path: '/general/v0/general', ...echo });
		await bench().fault({ path: '/api/v1/notifications/channels', ...echo });
		const job = await run({ resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID });
		const part = await run({ resource: 'document', operation: 'partition' }, [markdownItem()]);
		const channel = await run({ resource: 'notificationChannel', operation: 'create', scope: 'workspace', channelType: 'webhook', url: `${NOWHERE}/c` });
		for (const result of [job, part, channel]) expect(result.error?.message).toMatch(/key \*\*\* may not do this/);
	});

	it('errors as items (continue on fail) and a source whose create fails after its secret was registered', async () => {
		await bench().fault({ path: '/api/v1/users/secrets', status: 422, detail: [{ loc: ['body', 'encrypted_value'], msg: 'cannot be decrypted', type: 'value_error' }] });
		const asItem = await run(secretFromJson, [{ json: { secret: SECRET_PLAINTEXT } }], { continueOnFail: true });
		expect(asItem.output?.[0].json).toMatchObject({ error: expect.stringMatching(/encrypted_value: cannot be decrypted/), httpCode: '422' });

		await bench().fault({ path: '/api/v1/sources', status: 500 });
		const source = await run(
			{ resource: 'source', operation: 'create', sourceName: 'Drive', connectorTypeId: 'google_drive', configInput: 'json', connectorConfigJson: '={{ { "drive_id": "d1", "service_account_key": $json.key } }}' },
			[{ json: { key: SERVICE_ACCOUNT_KEY } }],
		);
		// The reference (not the key) is offered for reuse.
		expect(source.error?.description).toMatch(/service_account_key → \{"id": "[^"]+", "type": "rsa_aes"\}/);
	});

	const faultIds = ['502', 'reset-after-read', 'slow-headers', 'truncated-json', 'schema-break', 'refused'];
	const rows = ['secret.register', 'secret.register (key)', 'source.create', 'destination.create', 'notificationChannel.create', 'trigger create', 'document.partition'];
	const operations = operationsUnderTest().filter((op) => rows.includes(op.name));
	const faults = FAULT_KINDS.filter((fault) => faultIds.includes(fault.id));
	it.each(operations.flatMap((op) => faults.map((fault) => [op.name, fault.label, op, fault] as const)))('%s under "%s"', async (_op, _fault, op, fault) => {
		await op.setup?.(bench());
		const { outcome } = await runCase(lane(), op, fault);
		expectClean(outcome);
		await expectServiceSawNoPlaintext();
	});
}
