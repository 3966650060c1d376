/**
 * How much of an answer the node reads (issue 49). Each answer is read up to a bound that fits
 * what the service sends for that request, many times over, and never more: an answer past it
 * fails its item with an error that says so and is not asked for again. Without a bound a hostile
 * or broken endpoint's 1 GiB answer was read whole, then V8's string limit (512 MiB) was taken for
 * a broken connection and the request sent again: 6 GiB read for one item.
 *
 * Every bound is at most 256 MiB, half of V8's longest string (2^29 - 24 characters), so an
 * answer within it is always decoded (UTF-8 gives at most one character per byte) and parsed;
 * parsing costs n8n's heap a few times the text, which stays under a third of the heap n8n runs
 * with (about 4 GiB).
 */

const MiB = 1024 * 1024;

export interface AnswerLimit {
	/** The most bytes of the answer's body that are read. */
	maxBytes: number;
	/** What the bound is for, as the error says it, e.g. "one output file". */
	what: string;
	/** What to do when an answer is larger, for the error's description. */
	advice: string;
}

const WRONG_ADDRESS = 'check that the credential’s addresses are the service’s own, not another server’s or a proxy’s';

/** One resource (a channel, connector, secret, workflow, template, event): a few KB in practice. */
export const RECORD_ANSWER: AnswerLimit = {
	maxBytes: 4 * MiB,
	what: 'the answer about one resource',
	advice: `No record of the service comes near this size: ${WRONG_ADDRESS}.`,
};

/**
 * A job's record, details or failed files, and lists of jobs (the service does not page them): a
 * stored workflow's run lists each of its files, and a source connector can feed it tens of
 * thousands (100,000 files × a few hundred bytes each is well under this).
 */
export const JOB_ANSWER: AnswerLimit = {
	maxBytes: 64 * MiB,
	what: 'a job’s record or a list of jobs',
	advice: `Filter the list (by workflow or status) if it was one; otherwise ${WRONG_ADDRESS}.`,
};

/** Lists of channels, connectors, templates, a page of workflows or notification events. */
export const LIST_ANSWER: AnswerLimit = {
	maxBytes: 16 * MiB,
	what: 'a list',
	advice: `Narrow the list (a scope, a type, a smaller page) if you can; otherwise ${WRONG_ADDRESS}.`,
};

/**
 * One output file of a job: one input file's elements after the pipeline. Input files are at most
 * 50 MB (service interface, Limits) and their elements rarely more than a few times that, images
 * embedded as base64 included.
 */
export const OUTPUT_ANSWER: AnswerLimit = {
	maxBytes: 256 * MiB,
	what: 'one output file',
	advice: `An output file holds one input file’s results: send that file in smaller parts (e.g. split a long PDF), or ${WRONG_ADDRESS}.`,
};

/** A partition answer: this many times the bytes sent, within the floor and the cap below. */
export const PARTITION_ANSWER_PER_BYTE_SENT = 32;
export const PARTITION_ANSWER_FLOOR_BYTES = 64 * MiB;
export const PARTITION_ANSWER_CAP_BYTES = 256 * MiB;

/**
 * The elements of a file are a few times its size (text, coordinates and metadata per element;
 * more with images embedded as base64), so 32 times is generous; the floor lets small files with
 * many images through, the cap is OUTPUT_ANSWER's.
 */
export function partitionAnswerLimit(bytesSent: number | undefined): AnswerLimit {
	const scaled = (bytesSent ?? 0) * PARTITION_ANSWER_PER_BYTE_SENT;
	const maxBytes = Math.min(PARTITION_ANSWER_CAP_BYTES, Math.max(PARTITION_ANSWER_FLOOR_BYTES, scaled));
	const sent = bytesSent === undefined ? 'a file of unknown size' : `a file of ${byteText(bytesSent)}`;
	return {
		maxBytes,
		what: `the partition answer for ${sent} (${PARTITION_ANSWER_PER_BYTE_SENT} times the file, at least ${byteText(PARTITION_ANSWER_FLOOR_BYTES)}, at most ${byteText(PARTITION_ANSWER_CAP_BYTES)})`,
		advice: `A file’s elements are a few times its size: ${WRONG_ADDRESS} (the Partition URL). For a very large file, send it in smaller parts (PDF splitting, or a Page Range).`,
	};
}

/** An error body (4xx, 5xx) is read this far and the rest dropped: errors show 300 characters. */
export const ERROR_BODY_BYTES = 64 * 1024;

/**
 * The longest a body may take once its headers are in. undici's body timeout only bounds the
 * silence between two pieces, so a body trickling a byte a minute never ended; five minutes carry
 * the largest bound (256 MiB) at about 7 Mbit/s, where the service answers from its data centre.
 */
export const ANSWER_BODY_DEADLINE_MS = 5 * 60_000;

/** Sizes as the errors say them: "64 MiB", "2.1 KB". */
export function byteText(bytes: number): string {
	if (bytes >= MiB) return `${Number.isInteger(bytes / MiB) ? bytes / MiB : (bytes / MiB).toFixed(1)} MiB`;
	if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${bytes} bytes`;
}
