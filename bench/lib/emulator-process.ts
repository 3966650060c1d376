import { spawn, type ChildProcess } from 'node:child_process';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import type { EmulatorConfig } from '../../test/emulator';
import { emulatorControl, emulatorCredentials } from '../../test/emulator/test-support/control';
import { EMULATOR_CHILD, ROOT, stopChild, tsNodeArgs } from './processes';

export interface EmulatorAddress {
	url: string;
	partitionUrl: string;
	apiKey: string;
}

export interface LoggedRequest {
	method: string;
	path: string;
	received_at: string;
	/** On-demand launches: when the service accepted it (upload complete). */
	accepted_at?: string;
	status?: number;
}

export interface EmulatorEvent {
	event_type: string;
	created_at: string;
	payload: { job_id: string; status: string };
}

/** The emulator running in its own process, with typed access to its control endpoints. */
export interface EmulatorProcess extends EmulatorAddress {
	/** The node's credential pointing at this emulator. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The address as one JSON argument for a worker process. */
	json: string;
	control<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
	requests(pathPrefix?: string): Promise<LoggedRequest[]>;
	events(): Promise<EmulatorEvent[]>;
	counts(): Promise<Record<string, number>>;
	setConfig(patch: Partial<EmulatorConfig>): Promise<void>;
	stop(): Promise<void>;
}

export function emulatorClient(address: EmulatorAddress, stop: () => Promise<void> = async () => undefined): EmulatorProcess {
	const control = emulatorControl(address.url);
	return {
		...address,
		credentials: emulatorCredentials(address),
		json: JSON.stringify(address),
		control,
		requests: async (pathPrefix = '') =>
			(await control<{ requests: LoggedRequest[] }>('requests')).requests.filter((request) => request.path.startsWith(pathPrefix)),
		events: async () => (await control<{ events: EmulatorEvent[] }>('events')).events,
		counts: async () => await control<Record<string, number>>('state'),
		setConfig: async (patch) => void (await control('config', { body: patch })),
		stop,
	};
}

/** Starts `test/emulator` in a child process with the given configuration (on `host`, a loopback address). */
export function startEmulatorProcess(config: Partial<EmulatorConfig> = {}, host?: string): Promise<EmulatorProcess> {
	return new Promise((done, fail) => {
		const child: ChildProcess = spawn(process.execPath, [...tsNodeArgs(EMULATOR_CHILD), JSON.stringify(config), ...(host ? [host] : [])], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		let started = false;
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const newline = out.indexOf('\n');
			if (started || newline < 0) return;
			started = true;
			const address = JSON.parse(out.slice(0, newline)) as EmulatorAddress;
			done(emulatorClient(address, async () => await stopChild(child)));
		});
		child.on('error', fail);
		child.on('exit', (code) => {
			if (!started) fail(new Error(`the emulator exited before it started (${code})`));
		});
		// Never leave the service behind if the bench dies.
		process.once('exit', () => child.kill('SIGTERM'));
	});
}
