/**
 * The rows of `npm run bench:attacks` (bench/attacks.ts): what each attack does to a served n8n,
 * one entry per row. A row gets a fresh n8n with the package and an emulator credential
 * (`Target`) and prepares, unwatched, what it needs (a published workflow, the attack's file);
 * what `prepare` returns is the attack itself, run while n8n is watched, saying what happened in
 * words. Rows 5–7 of issue 49 (the loader's hostile `orig_elements` answers, Partition File against
 * a 1 GiB answer) are entries of the same shape: a workflow and an emulator answer to prepare, a
 * request to make.
 */
import type { RunningEmulator } from '../../test/emulator';
import type { LoggedRequest } from '../../test/emulator/request-log';
import { formUrl, readExample, type ExampleWorkflow } from '../../test/e2e/examples/example-import';
import { maxExecutionId, nodeOutputJson, waitForExecutions } from '../../test/e2e/lib/executions';
import type { E2eN8n } from '../../test/e2e/lib/setup';
import { submitForm } from '../../test/e2e/lib/upload-form';
import { PARSE_ATTACKS } from '../../test/integration/support/pdfParseAttacks';
import { samplePdf } from '../../test/integration/support/pdfs';

export interface Target {
	n8n: E2eN8n;
	emulator: RunningEmulator;
	credential: { id: string; name: string };
	/** What a row set up, by name (e.g. the form's address), for `fortyPagesAfterwards` too. */
	prepared: Map<string, string>;
}

export interface AttackRow {
	row: number;
	label: string;
	/** Sets up unwatched; resolves to the attack, which resolves to its outcome in words (the node's `split_skipped`, say). */
	prepare(target: Target): Promise<() => Promise<string>>;
}

const UPLOAD_FORM = 'upload-form-document-text.json';

/** Imports the upload-form example as the editor does, with the target's credential, and publishes it. */
async function publishUploadForm(target: Target): Promise<void> {
	const workflow = readExample(UPLOAD_FORM);
	for (const node of workflow.nodes) if (node.credentials?.documentProcessingApi) node.credentials.documentProcessingApi = target.credential;
	const saved = await target.n8n.rest.request<ExampleWorkflow & { id: string }>('POST', '/rest/workflows', workflow);
	await target.n8n.publish(saved.id);
	target.prepared.set('workflowId', saved.id);
	target.prepared.set('form', formUrl(target.n8n.n8n.url, saved, 'Upload a Document'));
}

/** One upload through the form; the outcome is how the node sent the file, read off its output. */
async function upload(target: Target, name: string, bytes: Buffer): Promise<string> {
	const workflowId = target.prepared.get('workflowId') ?? '';
	const before = await maxExecutionId(target.n8n.userFolder);
	const seen = await submitForm(target.prepared.get('form') ?? '', { name, bytes });
	const last = seen[seen.length - 1] ?? '';
	if (last !== 'success') return `form ended with ${last.slice(0, 60)}`;
	const [saved] = await waitForExecutions(target.n8n.userFolder, { workflowId, afterId: before, timeoutMs: 60_000 });
	const [item] = nodeOutputJson(saved?.data, 'Read the Document');
	const skipped = item?.split_skipped;
	return typeof skipped === 'string' ? `sent whole: ${skipped}` : `read (${String(item?.page_count ?? '?')} pages)`;
}

export const ATTACK_ROWS: AttackRow[] = PARSE_ATTACKS.map((attack) => ({
	row: attack.row,
	label: `${attack.label} (upload form)`,
	prepare: async (target) => {
		await publishUploadForm(target);
		// Built before the watch starts: making row 4's file alone takes this process 1.7 s.
		const bytes = attack.make(attack.file.replace(/\.pdf$/, ''));
		return async () => await upload(target, attack.file, bytes);
	},
}));

/** After a row: how a 40-page PDF goes out through the same form, split into 5 ranges or not. */
export async function fortyPagesAfterwards(target: Target): Promise<string> {
	if (!target.prepared.has('form')) return '–';
	const name = 'forty-pages.pdf';
	const outcome = await upload(target, name, await samplePdf({ pages: 40 }));
	const { requests } = (await (await fetch(`${target.emulator.url}/_emulator/requests`)).json()) as { requests: LoggedRequest[] };
	const count = requests.filter((request) => request.path === '/general/v0/general' && request.files.some((file) => file.filename === name)).length;
	return `${count === 5 ? 'split' : 'NOT split'}: ${count} request${count === 1 ? '' : 's'}${outcome.startsWith('sent whole') ? ` (${outcome})` : ''}`;
}
