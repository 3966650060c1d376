import { lookup } from 'node:dns/promises';
import { buildConnector } from 'undici';

/**
 * Addresses a file URL must not reach unless the user allows it: loopback, private networks,
 * link-local (cloud metadata services live there), carrier-grade NAT, multicast and reserved.
 * Parsed here rather than with `node:net`, which n8n's community-node rules do not allow.
 */
const PRIVATE_V4: Array<[string, number]> = [
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
];

function ipv4Number(text: string): number | undefined {
	const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
	if (!parts) return undefined;
	const octets = parts.slice(1).map(Number);
	if (octets.some((octet) => octet > 255)) return undefined;
	return octets.reduce((sum, octet) => sum * 256 + octet, 0);
}

function privateV4(value: number): boolean {
	return PRIVATE_V4.some(([network, prefix]) => {
		const size = 2 ** (32 - prefix);
		return Math.floor(value / size) === Math.floor((ipv4Number(network) ?? 0) / size);
	});
}

/** The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 allowed). */
function ipv6Groups(text: string): number[] | undefined {
	let body = text.toLowerCase();
	const tail: number[] = [];
	const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
	if (dotted) {
		const v4 = ipv4Number(dotted[2]);
		if (v4 === undefined) return undefined;
		tail.push(Math.floor(v4 / 65536), v4 % 65536);
		body = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
	}
	const halves = body.split('::');
	if (halves.length > 2) return undefined;
	const parse = (half: string) => (half === '' ? [] : half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)));
	const head = parse(halves[0]);
	const rest = halves.length === 2 ? parse(halves[1]) : [];
	const missing = 8 - head.length - rest.length - tail.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
	const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest, ...tail];
	return groups.some(Number.isNaN) ? undefined : groups;
}

function privateV6(groups: number[]): boolean {
	const [first] = groups;
	const zeroUpTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
	// IPv4 carried in IPv6 (`::ffff:127.0.0.1`, NAT64 `64:ff9b::a.b.c.d`) is judged as that IPv4.
	if ((zeroUpTo(5) && groups[5] === 0xffff) || (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))) {
		return privateV4(groups[6] * 65536 + groups[7]);
	}
	if (zeroUpTo(7) && (groups[7] === 0 || groups[7] === 1)) return true;
	return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Whether an IP address (IPv4 or IPv6, brackets and zone allowed) is one a file URL must not reach; false for host names. */
export function isPrivateAddress(address: string): boolean {
	const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
	const v4 = ipv4Number(bare);
	if (v4 !== undefined) return privateV4(v4);
	const groups = bare.includes(':') ? ipv6Groups(bare) : undefined;
	return groups !== undefined && privateV6(groups);
}

export class PrivateAddressError extends Error {
	readonly code = 'EPRIVATEADDRESS';

	constructor(
		readonly host: string,
		readonly address: string,
	) {
		super(`${host} is the private or loopback address ${address}`);
	}
}

/**
 * A connector that refuses sockets to private addresses. It judges the address the socket really
 * connected to, after name resolution and before a byte of the request is written, so neither a
 * name like `localhost` nor one that resolves differently on a second lookup can slip through.
 */
export function guardedConnector(options: buildConnector.BuildOptions): buildConnector.connector {
	const connect = buildConnector(options);
	return (target, callback) =>
		connect(target, (error, socket) => {
			if (error || !socket) return callback(error ?? new Error('no socket'), null);
			const address = socket.remoteAddress ?? '';
			if (isPrivateAddress(address)) {
				socket.destroy();
				return callback(new PrivateAddressError(target.hostname, address), null);
			}
			return callback(null, socket);
		});
}

/**
 * Behind a proxy the socket leads to the proxy, so the target is judged before the request: its
 * name resolved the way a direct connection would resolve it (every address, as n8n's own SSRF
 * check does). Returns the first private address, or undefined; a name n8n cannot resolve itself
 * rejects with the lookup's error, as its privacy cannot be checked.
 */
export async function privateAddressOf(hostname: string): Promise<string | undefined> {
	const bare = hostname.replace(/^\[|\]$/g, '');
	if (isPrivateAddress(bare)) return bare;
	if (bare.includes(':') || /^[\d.]+$/.test(bare)) return undefined;
	const addresses = await lookup(bare, { all: true, verbatim: true });
	return addresses.map((entry) => entry.address).find(isPrivateAddress);
}
