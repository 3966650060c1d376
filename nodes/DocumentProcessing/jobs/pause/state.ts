import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * What a paused execution needs when the job's event resumes it. n8n gives a resume webhook no
 * storage of the execution's own (static data is per workflow and shared by every execution, and
 * the waiting node's run data is dropped before the webhook runs), so the state travels in the
 * channel's URL, sealed: AES-256-GCM under a key derived from the credential's API key, bound to
 * the execution id. Only a holder of the API key can read it or make one that opens, and a state
 * cut from one execution's URL does not open in another's.
 *
 * A state too long for an address (more than a few dozen jobs) is kept, sealed the same way, on the
 * execution's own stack entry, which n8n saves with the waiting execution and hands back to the
 * resume webhook (stackEntry.ts); the URL then carries only a sealed pointer to it: its reference
 * and the SHA-256 of the stored text, so the URL opens only that state, and that state only with it.
 */

const OUTPUT_MODES = ['elements', 'files', 'binary', 'text'] as const;

const outputSchema = z.object({
	mode: z.enum(OUTPUT_MODES),
	lastNodeOnly: z.boolean(),
	binaryProperty: z.string(),
	text: z.object({ format: z.enum(['markdown', 'plain']), maxLength: z.number() }).optional(),
	/** How files that failed inside a finished job come out (from the node's On Error setting). */
	failures: z.enum(['error', 'items', 'errorOutput']),
});

const fileSchema = z.object({
	/** Input file name, item index, binary property, MIME type, size, source URL. */
	n: z.string(),
	i: z.number().int().nonnegative(),
	p: z.string(),
	m: z.string(),
	s: z.number().nonnegative(),
	u: z.string().optional(),
});

const jobSchema = z.object({
	id: z.string().min(1),
	/** Item indices the job answers for (one per item, or several when items were combined). */
	items: z.array(z.number().int().nonnegative()).min(1),
	/** Input file ids in upload order, as the launch answer gave them. */
	fileIds: z.array(z.string()),
	files: z.array(fileSchema),
	failOnJobFailure: z.boolean(),
	/** The pipeline's last step as sent, so the final node's outputs are found by identity. */
	finalStep: z.object({ type: z.string(), subtype: z.string() }).optional(),
	/** Absent for Wait for Job, which outputs the job record instead of the outputs. */
	output: outputSchema.optional(),
});

const carriedSchema = z.object({
	json: z.record(z.unknown()),
	pairedItem: z.union([z.object({ item: z.number() }), z.array(z.object({ item: z.number() }))]),
});

export const pauseStateSchema = z.object({
	v: z.literal(1),
	/** Signing secret of the execution's channel (never written anywhere else). */
	secret: z.string().min(24).max(75),
	/** Random reference in the channel's description, to find the channel again. */
	ref: z.string().regex(/^[0-9a-f]{16}$/),
	workflowId: z.string().optional(),
	/** The pause's own workflow (pauseWorkflow.ts), deleted with its channel when the pause ends. */
	tw: z.string().optional(),
	deadline: z.number(),
	continueOnFail: z.boolean(),
	jobs: z.array(jobSchema).min(1),
	/** Items decided before the pause (e.g. a file refused before launch, under continue on fail). */
	carried: z.array(carriedSchema),
});

export type PauseState = z.infer<typeof pauseStateSchema>;
export type PausedJob = z.infer<typeof jobSchema>;

/** The query parameter of the channel URL that carries the sealed state. */
export const STATE_PARAMETER = 'dp_state';
/** Long URLs are refused by some services and proxies; past this the state is stored on the stack entry. */
export const MAX_SEALED_LENGTH = 6000;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The URL's part when the state is stored on the stack entry: which state, and its exact sealed text. */
const pointerSchema = z.object({
	v: z.literal(2),
	ref: z.string().regex(/^[0-9a-f]{16}$/),
	sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

function stateKey(apiKey: string, executionId: string): Buffer {
	return Buffer.from(hkdfSync('sha256', apiKey, executionId, 'n8n-document-processing pause state v1', 32));
}

function seal(value: unknown, apiKey: string, executionId: string): string {
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv('aes-256-gcm', stateKey(apiKey, executionId), iv);
	cipher.setAAD(Buffer.from(executionId, 'utf8'));
	const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
	return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(token: string, apiKey: string, executionId: string): unknown {
	const bytes = Buffer.from(token, 'base64url');
	if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
	try {
		const decipher = createDecipheriv('aes-256-gcm', stateKey(apiKey, executionId), bytes.subarray(0, IV_BYTES));
		decipher.setAAD(Buffer.from(executionId, 'utf8'));
		decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
		return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

export function sealState(state: PauseState, apiKey: string, executionId: string): string {
	return seal(state, apiKey, executionId);
}

/** The state, or undefined when the token was not sealed for this execution with this API key. */
export function openState(token: string, apiKey: string, executionId: string): PauseState | undefined {
	const parsed = pauseStateSchema.safeParse(open(token, apiKey, executionId));
	return parsed.success ? parsed.data : undefined;
}

const digest = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * How a pause's state travels: in the URL when it fits, otherwise stored (sealed) on the stack
 * entry with a sealed pointer in the URL. Either way the URL part stays short and opens only with
 * the API key, in this execution.
 */
export function stateForUrl(state: PauseState, apiKey: string, executionId: string): { token: string; stored?: string } {
	const sealed = sealState(state, apiKey, executionId);
	if (sealed.length <= MAX_SEALED_LENGTH) return { token: sealed };
	return { token: seal({ v: 2, ref: state.ref, sha256: digest(sealed) }, apiKey, executionId), stored: sealed };
}

/**
 * The state a URL token stands for: the token itself (URL-carried), or, for a pointer, the stored
 * text it names (`stored()` reads the stack entry). Undefined when anything does not match.
 */
export function openUrlState(token: string, apiKey: string, executionId: string, stored: () => string | undefined): PauseState | undefined {
	const opened = open(token, apiKey, executionId);
	const pointer = pointerSchema.safeParse(opened);
	if (!pointer.success) {
		const inline = pauseStateSchema.safeParse(opened);
		return inline.success ? inline.data : undefined;
	}
	const text = stored();
	if (text === undefined || digest(text) !== pointer.data.sha256) return undefined;
	const state = openState(text, apiKey, executionId);
	return state?.ref === pointer.data.ref ? state : undefined;
}
