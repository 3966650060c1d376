import { startEmulator, type EmulatorConfig, type RunningEmulator } from '../index';
import { TestClient } from './client';

/** Short timings so the whole emulator suite stays well under a minute. */
export const FAST_CONFIG: Partial<EmulatorConfig> = {
	launch_spacing_ms: 0,
	schedule_delay_ms: 10,
	job_duration_ms: 60,
	webhook_retry_backoff_ms: 20,
	webhook_timeout_ms: 1000,
};

/** A source or destination connector as the API answers it. */
export interface ConnectorBody {
	id: string;
	name: string;
	type: string;
	config: Record<string, unknown>;
	created_at: string;
	updated_at: string;
}

export interface Harness {
	emulator: RunningEmulator;
	client: TestClient;
}

/** Starts one emulator for a test file, resets it before each test, and closes it afterwards. */
export function useEmulator(config: Partial<EmulatorConfig> = FAST_CONFIG): Harness {
	// Generous per-test limit: the suite shares the machine with other work, and a few tests wait on real timers.
	jest.setTimeout(20_000);
	const harness = {} as Harness;
	beforeAll(async () => {
		harness.emulator = await startEmulator({ port: 0, config });
		harness.client = new TestClient(harness.emulator);
	});
	beforeEach(() => harness.emulator.reset());
	afterAll(async () => {
		await harness.emulator.close();
	});
	return harness;
}

export const PARTITION_ONLY = [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }];

export function requestData(jobNodes: unknown = PARTITION_ONLY): string {
	return JSON.stringify({ job_nodes: jobNodes });
}

export const TEXT_FILE = { name: 'notes.txt', type: 'text/plain', content: 'Quarterly Summary\n\nRevenue grew in every region this quarter.\n' };
