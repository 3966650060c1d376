/**
 * Pause mode at scale (issue 34), in the run's shared n8n 2.40.7: 50 Process Files executions
 * parked at once in one workspace, each on the channel of its own pause workflow; their jobs end
 * 100 ms apart and each execution resumes exactly once, on one delivery per job end. Timing figures
 * are `npm run bench:pause`'s, not asserted here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emulatorCredentialData, pauseWorkflow } from './lib/pause';
import { parkedRuns } from './lib/pause-parked';
import { E2E_SETUP_TIMEOUT_MS, useE2eSuite } from './n8n';

const PARKED = 50;

describe(`Pause mode: ${PARKED} executions parked at once in one workspace`, () => {
	// A delivery timeout far above n8n's answer time even on a loaded CI machine: what is asserted is
	// where deliveries go and how often executions resume, not how fast (the bench measures that).
	const suite = useE2eSuite({ label: 'pause-many', emulatorConfig: { job_duration_ms: 3_600_000, schedule_delay_ms: 0, webhook_timeout_ms: 30_000 } });
	const flow = { id: '', path: '', glob: '' };

	beforeAll(async () => {
		const { e2e, emulator, apiKey } = suite;
		const credential = await e2e.importCredential({ name: 'Pause many (emulator)', type: 'documentProcessingApi', data: emulatorCredentialData(emulator, apiKey) });
		fs.writeFileSync(path.join(suite.filesDir, 'report.md'), '# Report\n\nA paragraph.\n');
		const { workflow, path: webhookPath } = pauseWorkflow({ waitMode: 'pause', credential });
		flow.id = await e2e.importWorkflow(workflow);
		flow.path = webhookPath;
		flow.glob = path.join(suite.filesDir, '*.md');
		await e2e.publish(flow.id);
	}, E2E_SETUP_TIMEOUT_MS);

	it('resumes each once, with one delivery per job end however many are parked', async () => {
		const figures = await parkedRuns(suite.e2e, suite.emulator, flow, PARKED, 100);
		expect(figures.statuses).toEqual(Array(PARKED).fill('success'));
		expect({ lost: figures.lost, executions: figures.executions, notOnce: figures.notOnce }).toEqual({ lost: 0, executions: PARKED, notOnce: 0 });
		// Each job's end reached its own execution's channel only: 50 events at 50 channels, nothing elsewhere.
		expect({ jobEnds: figures.jobEnds, events: figures.eventsAtPauseChannels, toOtherChannels: figures.toOtherChannels }).toEqual({
			jobEnds: PARKED,
			events: PARKED,
			toOtherChannels: 0,
		});
		// Every pause workflow and channel was deleted by its resume.
		expect([...suite.emulator.store.workflows.values()].filter((workflow) => workflow.name.startsWith('n8n pause — '))).toEqual([]);
		expect([...suite.emulator.store.channels.values()]).toEqual([]);
	}, 10 * 60_000);
});
