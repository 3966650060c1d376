import type { IExecuteData, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Where n8n keeps a waiting node's place: its entry on the execution stack, saved with the
 * execution. When the wait ends by time (not by the resume webhook), n8n marks the node disabled
 * and passes the entry's input data on, without running the node; since n8n 2.x, an entry whose
 * metadata holds `resumeError` is not passed on but fails with that error instead (how a waited-
 * for sub-workflow's failure reaches its parent). The time limit uses both, so it never lets the
 * unchanged input through: the entry's data become the poll mode's time-out error items, and
 * unless the node continues on fail, `resumeError` makes the node fail with the poll mode's error.
 * A resume by the job's event replaces the data with the outputs and must drop `resumeError`.
 * n8n 2.x also re-pairs the items a resumed (disabled) node passes on by position, which would
 * lose which input item each output came from; so the resume webhook lets the node run once more
 * on its outputs, and execute() hands them on with their pairing restored (`resumedOutput`).
 */

/** Where the resume webhook leaves the outputs' pairing for the node's last run. */
const RESUMED = 'documentProcessingResumed';
/** A pause's sealed state when it is too long for the channel's URL (state.ts). */
const STORED_STATE = 'documentProcessingPauseState';

interface PauseMetadata {
	resumeError?: Record<string, unknown>;
	[STORED_STATE]?: string;
	[RESUMED]?: {
		pairedItems?: Array<INodeExecutionData['pairedItem'] | null>;
		/** The resume ended in an error (a failed job, a failed download): the node fails with it. */
		error?: { message: string; description?: string; itemIndex?: number };
	};
	[key: string]: unknown;
}

type StackEntry = Omit<IExecuteData, 'metadata'> & { metadata?: PauseMetadata };

/** A saved error, as n8n stores errors in run data: its own fields plus name, message and stack. */
function savedError(error: Error): Record<string, unknown> {
	return JSON.parse(JSON.stringify({ ...error, name: error.name, message: error.message, stack: error.stack })) as Record<string, unknown>;
}

/** This node's entry on the execution stack, as getExecuteData() gives it; undefined where there is none. */
function ownStackEntry(ctx: IExecuteFunctions): StackEntry | undefined {
	const entry = typeof ctx.getExecuteData === 'function' ? (ctx.getExecuteData() as StackEntry | undefined) : undefined;
	return typeof entry?.data === 'object' && entry.data !== null && entry.node?.name === ctx.getNode().name ? entry : undefined;
}

function pauseUnsupported(ctx: IExecuteFunctions, missing: 'park' | 'resume'): NodeOperationError {
	const node = ctx.getNode();
	const what =
		missing === 'park'
			? 'the execution’s stack entry (where n8n keeps a waiting node’s place) was not found'
			: 'the resume could not find the execution’s stack entry (where n8n keeps a waiting node’s place)';
	return new NodeOperationError(node, `Pause mode cannot work in this n8n: ${what}`, {
		description: `No job was launched. Set Options › Wait Mode to Poll in This Execution, which works in every n8n, and report your n8n version to the package’s issue tracker: this n8n changed what pause mode relies on.`,
	});
}

/**
 * Pause mode needs what n8n gives nodes without promising it (issue 49): to park, the execution's
 * stack entry for this node from getExecuteData(); to resume, the same entry in the resume
 * webhook's context, which n8n-core's node contexts keep in their `executeData` field (both kinds
 * of context share the class that holds it: WebhookContext fills it with the waiting node's entry).
 * Checked before any job is launched, so an n8n that changed either fails at once with this
 * error, rather than launching jobs and then timing out, or resuming with the time limit's error.
 */
export function assertPauseSupported(ctx: IExecuteFunctions): void {
	const entry = ownStackEntry(ctx);
	if (!entry) throw pauseUnsupported(ctx, 'park');
	if ((ctx as unknown as { executeData?: unknown }).executeData !== entry) throw pauseUnsupported(ctx, 'resume');
}

/** Sets what the execution gives when the time limit ends the wait. */
export function armTimeLimit(ctx: IExecuteFunctions, timeoutItems: INodeExecutionData[], error: Error, continueOnFail: boolean): void {
	// Checked before the launches (assertPauseSupported); here again, the entry being n8n's to give.
	const entry = ownStackEntry(ctx);
	if (!entry) throw pauseUnsupported(ctx, 'park');
	entry.data = { main: [timeoutItems] };
	if (continueOnFail) return;
	entry.metadata = { ...entry.metadata, resumeError: savedError(error) };
}

/**
 * Keeps the sealed state on the execution's own stack entry: n8n saves it with the waiting
 * execution (in its database, so any process of a queue-mode cluster reads it back) and the
 * resume webhook's context holds it again. False when this context has no entry (outside n8n's engine).
 */
export function storeState(ctx: IExecuteFunctions, sealed: string): boolean {
	if (typeof ctx.getExecuteData !== 'function') return false;
	const entry = ctx.getExecuteData() as StackEntry | undefined;
	if (!entry) return false;
	entry.metadata = { ...entry.metadata, [STORED_STATE]: sealed };
	return true;
}

/**
 * The webhook context holds the same stack entry (n8n-core's WebhookContext keeps it as
 * `executeData`); IWebhookFunctions offers no accessor for it. When it is not there (another n8n
 * line), nothing is changed and the resume behaves as n8n decides.
 */
function webhookStackEntry(ctx: IWebhookFunctions): StackEntry | undefined {
	const entry = (ctx as unknown as { executeData?: unknown }).executeData;
	return typeof entry === 'object' && entry !== null && 'data' in entry ? (entry as StackEntry) : undefined;
}

/** The sealed state execute() stored, as the resume webhook finds it on the saved stack entry. */
export function storedState(ctx: IWebhookFunctions): string | undefined {
	const stored = webhookStackEntry(ctx)?.metadata?.[STORED_STATE];
	return typeof stored === 'string' ? stored : undefined;
}

/** The pause is over: its state leaves the execution's saved data. */
function withoutPauseKeys(metadata: PauseMetadata | undefined, resumed: PauseMetadata[typeof RESUMED]): PauseMetadata {
	const next: PauseMetadata = { ...metadata, [RESUMED]: resumed };
	delete next.resumeError;
	delete next[STORED_STATE];
	return next;
}

/**
 * The resume carries the outputs: the time limit's error must not replace them, and the node runs
 * once more (not disabled) so their pairing survives.
 */
export function deliverOnResume(ctx: IWebhookFunctions, items: INodeExecutionData[]): void {
	const entry = webhookStackEntry(ctx);
	if (!entry) return;
	entry.metadata = withoutPauseKeys(entry.metadata, { pairedItems: items.map((item) => item.pairedItem ?? null) });
	entry.node = { ...entry.node, disabled: false };
}

/** In the run after a resume: the outputs the webhook made, with their pairing (or its error); otherwise undefined. */
export function resumedOutput(ctx: IExecuteFunctions): INodeExecutionData[] | undefined {
	// Contexts made outside n8n's engine (tests, tools) may lack it; nothing was paused there.
	if (typeof ctx.getExecuteData !== 'function') return undefined;
	const entry = ctx.getExecuteData() as StackEntry | undefined;
	const resumed = entry?.metadata?.[RESUMED];
	if (!entry?.metadata || !resumed) return undefined;
	const metadata = { ...entry.metadata };
	delete metadata[RESUMED];
	entry.metadata = metadata;
	if (resumed.error) {
		const { message, description, itemIndex } = resumed.error;
		throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	}
	const paired = resumed.pairedItems ?? [];
	return ctx.getInputData().map((item, index) => ({ ...item, pairedItem: paired[index] ?? item.pairedItem }));
}

/** The resume ends in an error (a failed job, a failed download): the node's run fails with it. */
export function failOnResume(ctx: IWebhookFunctions, error: Error): boolean {
	const entry = webhookStackEntry(ctx);
	if (!entry) return false;
	const { description, context } = error as { description?: unknown; context?: { itemIndex?: unknown } };
	const saved = {
		message: error.message,
		...(typeof description === 'string' ? { description } : {}),
		...(typeof context?.itemIndex === 'number' ? { itemIndex: context.itemIndex } : {}),
	};
	entry.metadata = withoutPauseKeys(entry.metadata, { error: saved });
	entry.node = { ...entry.node, disabled: false };
	return true;
}
