/**
 * Attack suite, real n8n (issue 49 rows 1–4): the upload-form example as shipped (imported as the
 * examples suite imports it, published, its form found where the saved workflow says) gets each of
 * the four PDFs that make pdf-lib build far more than they hold (test/integration/support/
 * pdfParseAttacks.ts), one after the other, while n8n's main process is watched from outside:
 * resident memory sampled every 250 ms, /healthz probed back to back. Before (pdf-lib on n8n's
 * thread) rows 1 and 2 killed n8n, row 3 held /healthz 28 s, kept 2.4 GB and left n8n unable to
 * split any later PDF, row 4 held /healthz 8 s (`npm run bench:attacks`). Now each is read in a PDF
 * worker: n8n's RSS grows by at most 256 MiB, its event loop is never held a second
 * (served-attack.ts), every upload ends in success, and afterwards a 40-page PDF is still split
 * into 5 requests.
 */
import type { LoggedRequest } from '../emulator/request-log';
import { PARSE_ATTACKS } from '../integration/support/pdfParseAttacks';
import { samplePdf } from '../integration/support/pdfs';
import { publishUploadForm } from './examples/example-import';
import { EXAMPLES_EMULATOR } from './examples/examples-context';
import { ATTACK_BOUNDS, submitFileForm, watchHealth, watchMemory, type HealthWatch } from './lib/served-attack';
import { E2E_SETUP_TIMEOUT_MS, maxExecutionId, useE2eSuite, waitForExecutions } from './n8n';

const MIB = 2 ** 20;
const PARTITION_PATH = '/general/v0/general';

describe('attack: PDFs that make pdf-lib build far more than they hold, through the upload form in real n8n (issue 49)', () => {
	// The emulator reads PDFs with pdf-lib in this process: it must not open the attack files.
	// An n8n of its own: its uploads are the largest (up to 9.9 MB), and the memory and the health
	// check measured must be this attack's alone, not those of other suites on the shared n8n.
	const suite = useE2eSuite({ label: 'attack-pdf-parse', ownN8nEnv: { N8N_LOG_LEVEL: 'warn' }, emulatorConfig: { ...EXAMPLES_EMULATOR, unparsed_file_pattern: 'attack-' } });
	let workflowId = '';
	let form = '';

	beforeAll(async () => {
		({ workflowId, form } = await publishUploadForm(suite.e2e, await suite.importEmulatorCredential('Attack PDF parse (emulator)')));
	}, E2E_SETUP_TIMEOUT_MS);

	async function upload(name: string, bytes: Buffer): Promise<{ last: string; seen: string[]; status: string; peakGrowthMib: number; alive: boolean; health: HealthWatch }> {
		const { e2e } = suite;
		const before = await maxExecutionId(e2e.userFolder);
		const memory = watchMemory(e2e.n8n.pid);
		const watching = watchHealth(e2e.n8n);
		let seen: string[] = [];
		let health: HealthWatch;
		try {
			seen = await submitFileForm(form, { name, bytes });
		} finally {
			health = await watching.stop();
		}
		const peakGrowth = memory.stop();
		const alive = await fetch(`${e2e.n8n.url}/healthz`).then((answer) => answer.ok, () => false);
		const [execution] = await waitForExecutions(e2e.userFolder, { workflowId, afterId: before, timeoutMs: 60_000 });
		return { last: seen[seen.length - 1] ?? '', seen, status: execution.status, peakGrowthMib: Math.round(peakGrowth / MIB), alive, health };
	}

	it.each(PARSE_ATTACKS.map((attack) => [attack.row, attack.label, attack] as const))('row %i, %s: n8n grows < 256 MiB and answers within 1 s', async (_row, _label, attack) => {
		const bytes = attack.make(attack.file.replace(/\.pdf$/, ''));
		// Under the example's own 10 MB check, so the form sends it on to the service node.
		expect(bytes.length).toBeLessThan(10_000_000);
		const { seen, ...outcome } = await upload(attack.file, bytes);
		// The figures travel with the verdicts, so that a failure shows them.
		expect({ ...outcome, within: outcome.peakGrowthMib <= ATTACK_BOUNDS.rssGrowthMiB && outcome.health.longestHeldMs <= ATTACK_BOUNDS.loopHeldMs, seen }).toEqual({
			...outcome,
			last: 'success',
			status: 'success',
			alive: true,
			within: true,
			seen,
		});
	}, 180_000);

	it('still splits a 40-page PDF into 5 requests afterwards', async () => {
		const { emulator } = suite;
		const outcome = await upload('forty-pages.pdf', await samplePdf({ pages: 40 }));
		expect({ last: outcome.last, status: outcome.status }).toEqual({ last: 'success', status: 'success' });
		const { requests } = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { requests: LoggedRequest[] };
		const forty = requests.filter((request) => request.path === PARTITION_PATH && request.files.some((file) => file.filename === 'forty-pages.pdf'));
		expect(forty.map((request) => request.status)).toEqual([200, 200, 200, 200, 200]);
		await suite.e2e.unpublish(workflowId);
	}, 180_000);
});
