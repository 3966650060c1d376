import { FormData, request } from 'undici';
import { waitForJob } from '../nodes/DocumentProcessing/jobs/wait';
import { DEFAULT_POLL_SCHEDULE, pollDelay, type PollSchedule } from '../nodes/DocumentProcessing/async/polling';
import type { CallContext } from '../nodes/DocumentProcessing/transport';
import { executeNode } from '../test/harness';
import { startEmulatorProcess, type EmulatorProcess } from './lib/emulator-process';
import { DocumentProcessing } from './lib/node-type';
import { conditions, print, seconds, table, verdict } from './lib/table';
import { runBench } from './lib/processes';
import { releaseInProcessBench } from './lib/in-process';
import { actionNode } from '../test/harness/action-node';

/**
 * Waiting: how soon a finished job is noticed, and how many GETs it costs, for jobs of 2 s, 30 s
 * and 5 min, with this node's schedule (1 s × 1.5 up to 10 s) next to a fixed 10 s poll (the
 * service docs' example) and the LlamaCloud node's 1 s × 1.5 up to 5 s.
 *
 *   npx ts-node --transpile-only bench/waiting.ts [--real-time]
 *
 * The emulator keeps each job running until the bench finishes it D after its creation (the
 * control endpoint), so the end time is exact. "This node" is the Wait for Job operation run by
 * n8n-core (test/harness); the other policies run the node's own wait loop (`waitForJob`, same
 * transport) with their schedule. The 5 min job runs 10× faster: its duration and every policy's
 * intervals are divided by 10 (for the node: its default first interval and Longest Poll
 * Interval = 1 s), so poll counts are unchanged; latencies are multiplied back by 10, which also
 * multiplies the few milliseconds of each HTTP round trip by 10 (pessimistic). `--real-time`
 * runs it unscaled (5 minutes).
 */

const SCALE = 10;

interface Policy {
	key: 'node' | 'fixed' | 'llama';
	label: string;
	schedule: PollSchedule;
}

const POLICIES: Policy[] = [
	{ key: 'node', label: 'this node (Wait for Job): 1 s × 1.5 up to 10 s', schedule: DEFAULT_POLL_SCHEDULE },
	{ key: 'fixed', label: 'fixed 10 s poll (service docs)', schedule: { initialMs: 10_000, factor: 1, maxMs: 10_000 } },
	{ key: 'llama', label: 'LlamaCloud node: 1 s × 1.5 up to 5 s', schedule: { initialMs: 1_000, factor: 1.5, maxMs: 5_000 } },
];

interface Case {
	label: string;
	durationMs: number;
	scale: number;
}

interface Outcome {
	policy: Policy;
	job: Case;
	latencyMs: number;
	gets: number;
	steadyPerMinute?: number;
}

const benchNode = actionNode('bench-waiting');

function scaled(schedule: PollSchedule, scale: number): PollSchedule {
	return { initialMs: schedule.initialMs / scale, factor: schedule.factor, maxMs: schedule.maxMs / scale };
}

/** The interval during which a job ending just after D would wait: the worst case near D. */
function worstCaseNear(schedule: PollSchedule, durationMs: number): number {
	let at = 0;
	for (let poll = 0; ; poll++) {
		const next = at + pollDelay(poll, schedule);
		if (next >= durationMs) return next - at;
		at = next;
	}
}

async function createJob(emulator: EmulatorProcess, tag: string): Promise<{ id: string; createdAt: number }> {
	const form = new FormData();
	form.append('request_data', JSON.stringify({ job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }] }));
	form.append('input_files', new Blob([`# ${tag}\n\nA short report.`], { type: 'text/markdown' }), `${tag}.md`);
	const response = await request(`${emulator.url}/api/v1/jobs/`, { method: 'POST', headers: { 'service-api-key': emulator.apiKey }, body: form });
	const job = (await response.body.json()) as { id?: string };
	if (response.statusCode !== 200 || !job.id) throw new Error(`creating a job answered ${response.statusCode}: ${JSON.stringify(job)}`);
	return { id: job.id, createdAt: Date.now() };
}

async function waitWith(emulator: EmulatorProcess, policy: Policy, jobId: string, scale: number): Promise<void> {
	if (policy.key === 'node') {
		const result = await executeNode({
			nodeType: new DocumentProcessing(),
			parameters: { resource: 'job', operation: 'waitForCompletion', jobId, options: { maxPollIntervalSeconds: policy.schedule.maxMs / 1000 / scale } },
			credentials: emulator.credentials,
		});
		if (result.output[0]?.[0]?.json.status !== 'COMPLETED') throw new Error(`Wait for Job returned ${JSON.stringify(result.output[0]?.[0]?.json)}`);
		return;
	}
	const call: CallContext = { node: benchNode, connection: { apiKey: emulator.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl } };
	await waitForJob(call, jobId, { schedule: scaled(policy.schedule, scale), timeoutMs: 3_600_000, failOnJobFailure: true });
}

async function measure(emulator: EmulatorProcess, policy: Policy, job: Case): Promise<Outcome> {
	const { id, createdAt } = await createJob(emulator, `${policy.key}-${job.durationMs}`);
	const wallDuration = job.durationMs / job.scale;
	const finisher = new Promise<void>((done, fail) => {
		setTimeout(() => void emulator.control(`jobs/${id}/finish`, { body: { status: 'COMPLETED' } }).then(() => done(), fail), createdAt + wallDuration - Date.now());
	});
	await waitWith(emulator, policy, id, job.scale);
	const detectedAt = Date.now();
	await finisher;
	const completed = (await emulator.events()).find((event) => event.payload.job_id === id && event.event_type === 'job.completed');
	if (!completed) throw new Error(`job ${id} has no job.completed event`);
	const gets = (await emulator.requests(`/api/v1/jobs/${id}`)).filter((entry) => entry.method === 'GET' && entry.path === `/api/v1/jobs/${id}`);
	const outcome: Outcome = { policy, job, latencyMs: (detectedAt - Date.parse(completed.created_at)) * job.scale, gets: gets.length };
	if (job.durationMs > 60_000) {
		// Steady state: the mean gap between consecutive polls after the first (emulated) minute.
		const from = createdAt + 60_000 / job.scale;
		const late = gets.map((entry) => Date.parse(entry.received_at)).filter((at) => at >= from);
		const spanMs = ((late[late.length - 1] ?? 0) - (late[0] ?? 0)) * job.scale;
		if (late.length > 1 && spanMs > 0) outcome.steadyPerMinute = ((late.length - 1) / spanMs) * 60_000;
	}
	return outcome;
}

async function runAll(emulator: EmulatorProcess, cases: Case[]): Promise<Outcome[]> {
	return await Promise.all(cases.flatMap((job) => POLICIES.map(async (policy) => await measure(emulator, policy, job))));
}

async function main(): Promise<void> {
	const realTime = process.argv.includes('--real-time');
	// Jobs end only when the bench finishes them; no launch spacing or running cap between the
	// cases (launching is not what is measured here, and the cases run side by side).
	const emulator = await startEmulatorProcess({ job_duration_ms: 3_600_000, launch_spacing_ms: 0, max_running_jobs: 100, request_log_limit: 5000 });
	const original = { ...DEFAULT_POLL_SCHEDULE };
	try {
		print('## Waiting: detection latency and polls');
		print();
		print(conditions(`emulator in its own process; ${realTime ? 'all jobs in real time' : `the 5 min job at ${SCALE}× speed (see below)`}`));
		print();
		const outcomes = await runAll(emulator, [
			{ label: '2 s', durationMs: 2_000, scale: 1 },
			{ label: '30 s', durationMs: 30_000, scale: 1 },
			...(realTime ? [{ label: '5 min', durationMs: 300_000, scale: 1 }] : []),
		]);
		if (!realTime) {
			// The node reads its first interval from this default; scaled with everything else.
			DEFAULT_POLL_SCHEDULE.initialMs = original.initialMs / SCALE;
			try {
				outcomes.push(...(await runAll(emulator, [{ label: `5 min (at ${SCALE}× speed)`, durationMs: 300_000, scale: SCALE }])));
			} finally {
				Object.assign(DEFAULT_POLL_SCHEDULE, original);
			}
		}
		const rows = outcomes.map((outcome) => {
			const { policy, job } = outcome;
			const targets: string[] = [];
			if (policy.key === 'node' && job.durationMs === 2_000) targets.push(`latency ≤ 1 s: ${verdict(outcome.latencyMs <= 1_000)}`);
			if (policy.key === 'node' && outcome.steadyPerMinute !== undefined) targets.push(`≤ 6 polls/min: ${verdict(outcome.steadyPerMinute <= 6)}`);
			return [
				job.label,
				policy.label,
				seconds(outcome.latencyMs),
				seconds(worstCaseNear(policy.schedule, job.durationMs)),
				String(outcome.gets),
				((outcome.gets / job.durationMs) * 60_000).toFixed(1),
				outcome.steadyPerMinute === undefined ? '–' : outcome.steadyPerMinute.toFixed(2),
				targets.join('; '),
			];
		});
		print(
			table(
				['job', 'policy', 'detected after end s', 'worst case near this end s', 'GET calls', 'GETs per minute of job', 'polls/min after minute 1 (mean gap)', 'targets'],
				rows,
			),
		);
	} finally {
		Object.assign(DEFAULT_POLL_SCHEDULE, original);
		await releaseInProcessBench(emulator);
	}
}

runBench(main);
