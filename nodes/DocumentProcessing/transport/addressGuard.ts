import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';

/**
 * Addresses a file URL must not reach unless the user allows it: loopback, private networks,
 * link-local (cloud metadata services live there), carrier-grade NAT, multicast and reserved.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const) {
	PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
	['::', 128],
	['::1', 128],
	['fc00::', 7],
	['fe80::', 10],
	['ff00::', 8],
] as const) {
	PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** IPv4 written inside IPv6 (`::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`) is judged as the IPv4 it carries. */
function embeddedIpv4(address: string): string | undefined {
	const lower = address.toLowerCase();
	const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
	if (dotted) return dotted[1];
	const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
	if (!hex) return undefined;
	const high = parseInt(hex[1], 16);
	const low = parseInt(hex[2], 16);
	return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPrivateAddress(address: string): boolean {
	const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
	const family = isIP(bare);
	if (family === 0) return false;
	if (family === 4) return PRIVATE.check(bare, 'ipv4');
	const v4 = embeddedIpv4(bare);
	return v4 !== undefined ? PRIVATE.check(v4, 'ipv4') : PRIVATE.check(bare, 'ipv6');
}

export class PrivateAddressError extends Error {
	readonly code = 'EPRIVATEADDRESS';

	constructor(
		readonly host: string,
		readonly address: string,
	) {
		super(`${host} resolves to the private or loopback address ${address}`);
	}
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that refuses private addresses: it judges what the name resolves to at
 * connect time, so a name that resolves differently on a second lookup cannot slip through.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
	const all: LookupAllOptions = { family: options.family, hints: options.hints, all: true };
	dnsLookup(hostname, all, (error, addresses) => {
		if (error) return callback(error, []);
		const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
		if (blocked) return callback(new PrivateAddressError(hostname, blocked.address), []);
		if (options.all) return callback(null, addresses);
		const [first] = addresses;
		return callback(null, first.address, first.family);
	});
}
