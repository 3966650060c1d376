/** The e2e harness's freePort (test/e2e/lib/proc.ts): ports outside the kernel's ephemeral range, bindable, never handed out twice. */
import * as fs from 'node:fs';
import * as net from 'node:net';
import { freePort } from '../e2e/lib/proc';

const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';
const ephemeralLow = fs.existsSync(rangeFile) ? Number(fs.readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]) : undefined;

describe('freePort', () => {
	it('hands out distinct ports, below the ephemeral range where the kernel says where it is, that a server can bind', async () => {
		const ports = await Promise.all(Array.from({ length: 20 }, async () => await freePort()));
		expect(new Set(ports).size).toBe(ports.length);
		for (const port of ports) {
			if (ephemeralLow !== undefined && ephemeralLow > 10_000) {
				expect(port).toBeGreaterThanOrEqual(10_000);
				expect(port).toBeLessThan(ephemeralLow);
			}
			const server = net.createServer();
			await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});
