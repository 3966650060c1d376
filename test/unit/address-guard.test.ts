import { guardedLookup, isPrivateAddress, PrivateAddressError } from '../../nodes/DocumentProcessing/transport/addressGuard';

describe('isPrivateAddress', () => {
	it.each(['127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]', '64:ff9b::10.0.0.1'])(
		'%s is private',
		(address) => expect(isPrivateAddress(address)).toBe(true),
	);

	it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'example.com'])('%s is not', (address) =>
		expect(isPrivateAddress(address)).toBe(false),
	);
});

describe('guardedLookup', () => {
	const lookup = async (host: string, all: boolean) =>
		await new Promise<{ error: Error | null; address: unknown }>((resolve) => guardedLookup(host, { all }, (error, address) => resolve({ error, address })));

	it('refuses a name whose resolved address is loopback', async () => {
		const { error } = await lookup('localhost', false);
		expect(error).toBeInstanceOf(PrivateAddressError);
		expect((error as PrivateAddressError).address).toMatch(/^(127\.0\.0\.1|::1)$/);
	});

	it('passes resolution failures through', async () => {
		const { error } = await lookup('no-such-host.invalid', true);
		expect((error as NodeJS.ErrnoException).code).toMatch(/ENOTFOUND|EAI_AGAIN/);
	});
});
