/**
 * The attack suites' health watch (test/e2e/lib/served-attack.ts) against a small server in a
 * process of its own: a loop held by the server's own work counts as held, a server that could
 * not run (stopped by a signal, as a starved machine's scheduler would leave it) makes /healthz
 * wait without counting as held. The second is why the watch reads the kernel's schedstat: on two
 * loaded cores, a wait for a CPU is not n8n holding its loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { watchHealth } from '../e2e/lib/served-attack';

const SERVER = `
const http = require('node:http');
const server = http.createServer((request, response) => {
  const hold = /^\\/hold\\?ms=(\\d+)$/.exec(request.url ?? '');
  // Held by CPU time, not wall time: on a loaded machine the hold is then still as long.
  const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
  if (hold) { const until = cpuMs() + Number(hold[1]); while (cpuMs() < until); }
  response.end('ok');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

describe('watchHealth: the loop held by the watched process, not the machine’s wait for a CPU', () => {
	let server: ChildProcess;
	let url = '';
	beforeAll(async () => {
		server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
		const [port] = (await once(server.stdout!, 'data')) as [Buffer];
		url = `http://127.0.0.1:${String(port).trim()}`;
	});
	afterAll(() => {
		server.kill('SIGKILL');
	});

	const watched = () => ({ url, pid: server.pid! });
	const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

	it('a server busy for 1.5 s of CPU: the wait and the hold both over a second', async () => {
		const health = watchHealth(watched(), 0);
		await pause(200);
		await fetch(`${url}/hold?ms=1500`);
		await pause(200);
		const result = await health.stop();
		expect({ waitOver: result.longestWaitMs >= 1_200, heldOver: result.longestHeldMs >= 1_200, result }).toEqual({ waitOver: true, heldOver: true, result });
	});

	it('a server that could not run for 1.5 s: a long wait, next to nothing held', async () => {
		const health = watchHealth(watched(), 0);
		await pause(200);
		server.kill('SIGSTOP');
		await pause(1_500);
		server.kill('SIGCONT');
		await pause(200);
		const result = await health.stop();
		expect({ waitOver: result.longestWaitMs >= 1_200, heldUnder: result.longestHeldMs < 200, result }).toEqual({ waitOver: true, heldUnder: true, result });
	});
});
