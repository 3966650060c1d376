/**
 * Real-n8n smoke test (issue 2, §5): the packed package, installed into a fresh n8n 2.40.7 user
 * folder exactly as a community package, is listed by n8n, and a workflow saved through the REST API
 * and executed with the n8n CLI (`n8n execute`) runs the action node's Get Job against the in-process emulator through the
 * credential. Cold cache: n8n is installed first (about 7 minutes); warm: about 30 s.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { LoggedRequest } from '../emulator/request-log';
import { executeWorkflow, loadWorkflow, nodeOutputJson, PACKAGE_NAME, useE2eSuite } from './n8n';

const ACTION_NODE_TYPE = `${PACKAGE_NAME}.documentProcessing`;
const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.documentProcessingTrigger`;
const CREDENTIAL_TYPE = 'documentProcessingApi';
const TERMINAL = ['COMPLETED', 'FAILED', 'STOPPED'];

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

describe('real n8n smoke test', () => {
	const apiKey = `e2e-${randomUUID()}`; // unique: a 200 from the emulator proves n8n sent this key
	const suite = useE2eSuite({ label: 'smoke', apiKey });

	const emulatorFetch = async (pathname: string, init: RequestInit = {}): Promise<Response> => {
		const { emulator } = suite;
		const headers = new Headers(init.headers);
		headers.set('service-api-key', apiKey);
		headers.set('accept', 'application/json');
		return await fetch(`${trimSlash(emulator.url)}${pathname}`, { ...init, headers });
	};

	const requestLog = async (): Promise<LoggedRequest[]> => {
		const res = await emulatorFetch('/_emulator/requests');
		expect(res.status).toBe(200);
		const body = (await res.json()) as LoggedRequest[] | { requests: LoggedRequest[] };
		return Array.isArray(body) ? body : body.requests;
	};

	/** Creates a one-file job on the emulator and waits until it reaches a terminal state. */
	const createFinishedJob = async (): Promise<{ id: string; status: string }> => {
		const form = new FormData();
		form.append(
			'request_data',
			JSON.stringify({
				job_nodes: [
					{ name: 'p', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } },
				],
			}),
		);
		form.append('input_files', new Blob(['# Smoke\n\nHello from the e2e smoke test.\n'], { type: 'text/markdown' }), 'smoke.md');
		const created = await emulatorFetch('/api/v1/jobs/', { method: 'POST', body: form });
		expect(created.status).toBeLessThan(300);
		const job = (await created.json()) as { id: string; status: string };
		expect(job.id).toEqual(expect.any(String));
		const deadline = Date.now() + 60_000;
		for (;;) {
			const res = await emulatorFetch(`/api/v1/jobs/${job.id}`);
			const current = (await res.json()) as { id: string; status: string };
			if (TERMINAL.includes(current.status)) return current;
			if (Date.now() > deadline) throw new Error(`job ${job.id} still ${current.status} after 60 s`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	};

	it('loads the package as a community package, without loader errors', () => {
		const { e2e } = suite;
		expect(e2e.installed.name).toBe(PACKAGE_NAME);
		expect(fs.existsSync(e2e.installed.directory)).toBe(true);
		expect(e2e.n8n.logTail(10_000)).not.toMatch(/Skipping package|Failed to load package|failed to load package metadata/i);
	});

	it('lists both node types and the credential type', async () => {
		const { e2e } = suite;
		const nodeTypes = await e2e.rest.nodeTypes();
		const action = nodeTypes.find((t) => t.name === ACTION_NODE_TYPE);
		expect(action).toBeDefined();
		expect(action?.usableAsTool).toBe(true);
		expect(action?.credentials?.map((c) => c.name)).toContain(CREDENTIAL_TYPE);
		// usableAsTool makes n8n derive a tool variant for AI agents.
		expect(nodeTypes.map((t) => t.name)).toContain(`${ACTION_NODE_TYPE}Tool`);

		const trigger = nodeTypes.find((t) => t.name === TRIGGER_NODE_TYPE);
		expect(trigger).toBeDefined();
		expect(trigger?.group).toContain('trigger');
		expect(trigger?.credentials?.map((c) => c.name)).toContain(CREDENTIAL_TYPE);

		const credentialTypes = await e2e.rest.credentialTypes();
		const credential = credentialTypes.find((t) => t.name === CREDENTIAL_TYPE);
		expect(credential).toBeDefined();
		expect(credential?.properties.map((p) => p.name)).toEqual(
			expect.arrayContaining(['apiKey', 'baseUrl', 'partitionUrl']),
		);
	});

	it("passes the credential's own test (a real call to the emulator) through n8n's REST API", async () => {
		const { e2e, emulator } = suite;
		const data = { apiKey, baseUrl: `${trimSlash(emulator.url)}/api/v1/`, partitionUrl: emulator.partitionUrl };
		const ok = await e2e.rest.testCredential({ name: 'test', type: CREDENTIAL_TYPE, data });
		expect(ok).toMatchObject({ status: 'OK' });
		const bad = await e2e.rest.testCredential({ name: 'test', type: CREDENTIAL_TYPE, data: { ...data, apiKey: 'wrong' } });
		expect(bad.status).toBe('Error');
	}, 60_000);

	// Every other suite runs workflows through the server's REST API; this one keeps `n8n execute`, a path users have too.
	it('runs Get Job with `n8n execute` against the emulator', async () => {
		const { e2e } = suite;
		const job = await createFinishedJob();

		const credential = await suite.importEmulatorCredential();
		const workflowId = await e2e.importWorkflow(
			loadWorkflow('get-job.json', {
				JOB_ID: job.id,
				CREDENTIAL_ID: credential.id,
				CREDENTIAL_NAME: credential.name,
			}),
		);

		const logBefore = (await requestLog()).length;
		const run = await executeWorkflow(e2e.userFolder, workflowId);

		expect(run.status).toBe('success');
		expect(run.cli?.exitCode).toBeDefined();
		const items = nodeOutputJson(run.data, 'Get Job');
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: job.id, status: job.status });

		const fromN8n = (await requestLog()).slice(logBefore);
		const gets = fromN8n.filter((r) => r.method === 'GET' && r.path === `/api/v1/jobs/${job.id}`);
		expect(gets).toHaveLength(1);
		expect(gets[0].headers['service-api-key']).toBeDefined(); // value redacted by the emulator
		expect(gets[0].status).toBe(200); // the emulator answers 401 to any other key
		expect(fromN8n.filter((r) => r.status === 401)).toEqual([]);

		// The key never shows up in what n8n stored or printed.
		expect(JSON.stringify(run.data)).not.toContain(apiKey);
		expect(run.log).not.toContain(apiKey);
	}, 5 * 60_000);
});
