/**
 * The rows of `npm run bench:attacks` (bench/attacks.ts): what each attack does to a served n8n,
 * one entry per row. A row gets a fresh n8n with the package and an emulator credential
 * (`Target`) and prepares, unwatched, what it needs (a published workflow, the attack's file);
 * what `prepare` returns is the attack itself, run while n8n is watched from outside. It resolves
 * to its outcome in words, or, for a row whose own module watches n8n (rows 5–7, bench/
 * attack-originals.ts and bench/attack-answer.ts), to that module's figures.
 */
import { attackAnswer } from '../attack-answer';
import type { RunningEmulator } from '../../test/emulator';
import type { LoggedRequest } from '../../test/emulator/request-log';
import { publishUploadForm } from '../../test/e2e/examples/example-import';
import { attackOriginals, ORIGINALS_ATTACKS, type AttackFigures, type OriginalsRow } from '../../test/e2e/lib/attack-originals';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../../test/e2e/lib/executions';
import { startScriptedModel } from '../../test/e2e/lib/scripted-model';
import { submitFileForm } from '../../test/e2e/lib/served-attack';
import type { E2eN8n } from '../../test/e2e/lib/setup';
import { loadWorkflow } from '../../test/e2e/n8n';
import { PARSE_ATTACKS } from '../../test/integration/support/pdfParseAttacks';
import { samplePdf } from '../../test/integration/support/pdfs';

export interface Target {
	n8n: E2eN8n;
	emulator: RunningEmulator;
	credential: { id: string; name: string };
	/** What a row set up, by name (e.g. the form's address), for `fortyPagesAfterwards` too. */
	prepared: Map<string, string>;
	/** What to stop once the row is done (a row's own servers). */
	cleanups: Array<() => Promise<void>>;
}

/** What a row's own module measured: n8n's RSS growth, the longest /healthz wait and its loop's longest hold (served-attack.ts), the outcome. */
export type RowFigures = AttackFigures;

export interface AttackRow {
	row: number;
	label: string;
	/** Sets up unwatched; resolves to the attack. */
	prepare(target: Target): Promise<() => Promise<string | RowFigures>>;
}

/** Publishes the upload-form example with the target's credential; its address for the rows and the 40-page check. */
async function publishForm(target: Target): Promise<void> {
	const { workflowId, form } = await publishUploadForm(target.n8n, target.credential);
	target.prepared.set('workflowId', workflowId);
	target.prepared.set('form', form);
}

/** One upload through the form; the outcome is how the node sent the file, read off its output. */
async function upload(target: Target, name: string, bytes: Buffer): Promise<string> {
	const workflowId = target.prepared.get('workflowId') ?? '';
	const before = await maxExecutionId(target.n8n.userFolder);
	const seen = await submitFileForm(target.prepared.get('form') ?? '', { name, bytes });
	const last = seen[seen.length - 1] ?? '';
	if (last !== 'success') return `form ended with ${last.slice(0, 60)}`;
	const [saved] = await waitForExecutions(target.n8n.userFolder, { workflowId, afterId: before, timeoutMs: 60_000 });
	const [item] = nodeOutputJson(saved?.data, 'Read the Document');
	const skipped = item?.split_skipped;
	return typeof skipped === 'string' ? `sent whole: ${skipped}` : `read (${String(item?.page_count ?? '?')} pages)`;
}

/** Rows 1–4: the PDFs that make pdf-lib build far more than they hold, through the upload form. */
const PDF_ROWS: AttackRow[] = PARSE_ATTACKS.map((attack) => ({
	row: attack.row,
	label: `${attack.label} (upload form)`,
	prepare: async (target) => {
		await publishForm(target);
		// Built before the watch starts: making row 4's file alone takes this process 1.7 s.
		const bytes = attack.make(attack.file.replace(/\.pdf$/, ''));
		return async () => await upload(target, attack.file, bytes);
	},
}));

/**
 * Rows 5 and 6: the vector-store example against hostile original elements, gzipped as the issue
 * sent them (what the loader before read; the loader now reads the service's zlib and gzip alike).
 */
const originalsRow = (row: OriginalsRow): AttackRow => ({
	row,
	label: `${ORIGINALS_ATTACKS[row].label}, gzip (vector-store example)`,
	prepare: async (target) => {
		const model = await startScriptedModel(() => ({ content: 'unused' }));
		target.cleanups.push(async () => await model.close());
		return async () => await attackOriginals({ n8n: target.n8n, emulator: target.emulator, embeddingsUrl: model.baseUrl }, row, 'gzip');
	},
});

/** Row 7: Partition File against an answer of 200 with a 1 GiB body, its length announced. */
const answerRow: AttackRow = {
	row: 7,
	label: 'a partition answer of 1 GiB (Partition File)',
	prepare: async (target) => {
		const { credential, n8n, emulator } = target;
		const workflowId = await n8n.importWorkflow(loadWorkflow('attack-answer.json', { CREDENTIAL_ID: credential.id, CREDENTIAL_NAME: credential.name }));
		return async () => {
			const figures = await attackAnswer({ n8n: n8n.n8n, emulatorUrl: emulator.url, run: async () => await n8n.execute(workflowId) }, '1 GiB, length announced');
			return { ...figures, outcome: `${figures.outcome.slice(0, 200)} (${figures.partitionRequests} request${figures.partitionRequests === 1 ? '' : 's'})` };
		};
	},
};

export const ATTACK_ROWS: AttackRow[] = [...PDF_ROWS, originalsRow(5), originalsRow(6), answerRow];

/** After a row: how a 40-page PDF goes out through the same form, split into 5 ranges or not. */
export async function fortyPagesAfterwards(target: Target): Promise<string> {
	if (!target.prepared.has('form')) return '–';
	const name = 'forty-pages.pdf';
	const outcome = await upload(target, name, await samplePdf({ pages: 40 }));
	const { requests } = (await (await fetch(`${target.emulator.url}/_emulator/requests`)).json()) as { requests: LoggedRequest[] };
	const count = requests.filter((request) => request.path === '/general/v0/general' && request.files.some((file) => file.filename === name)).length;
	return `${count === 5 ? 'split' : 'NOT split'}: ${count} request${count === 1 ? '' : 's'}${outcome.startsWith('sent whole') ? ` (${outcome})` : ''}`;
}
