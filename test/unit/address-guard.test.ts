import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, PrivateAddressError } from '../../nodes/DocumentProcessing/transport/addressGuard';
import { closeAllPools, downloadAgent } from '../../nodes/DocumentProcessing/transport/agents';

describe('isPrivateAddress', () => {
	it.each(['127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]', '64:ff9b::10.0.0.1'])(
		'%s is private',
		(address) => expect(isPrivateAddress(address)).toBe(true),
	);

	it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'example.com'])('%s is not', (address) =>
		expect(isPrivateAddress(address)).toBe(false),
	);
});

describe('the guarded download agent', () => {
	let server: Server;
	let port = 0;
	let requests = 0;
	beforeAll(async () => {
		server = createServer((_req, res) => {
			requests++;
			res.end('ok');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
	});
	afterAll(async () => {
		await closeAllPools();
		await new Promise((resolve) => server.close(resolve));
	});

	const causeOf = async (promise: Promise<unknown>): Promise<unknown> => {
		try {
			await promise;
		} catch (error) {
			let cause: unknown = error;
			while (cause instanceof Error && !(cause instanceof PrivateAddressError) && cause.cause) cause = cause.cause;
			return cause;
		}
		throw new Error('expected the request to fail');
	};

	it('refuses a name that resolves to loopback before the request is written', async () => {
		const before = requests;
		const cause = await causeOf(downloadAgent(false).request({ origin: `http://localhost:${port}`, path: '/', method: 'GET' }));
		expect(cause).toBeInstanceOf(PrivateAddressError);
		expect((cause as PrivateAddressError).address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
		expect(requests).toBe(before);
	});

	it('lets the same address through when private addresses are allowed', async () => {
		const answer = await downloadAgent(true).request({ origin: `http://127.0.0.1:${port}`, path: '/', method: 'GET' });
		expect(await answer.body.text()).toBe('ok');
	});
});
