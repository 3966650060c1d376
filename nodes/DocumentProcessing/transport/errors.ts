import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { withRequest } from '../helpers/nodeErrors';
import type { AnswerCutError } from './answerBody';
import { ANSWER_BODY_DEADLINE_MS, byteText, RECORD_ANSWER } from './answerLimits';
import { redact } from './redact';
import type { CallContext, ServiceRequest } from './request';
import type { NetworkFailure } from './retry';

export interface ServiceFailure {
	endpoint: string;
	status?: number;
	/** The service's `detail`, already turned into text. */
	detail?: string;
	/** What was not found, e.g. `Job "1234"`, for 404s. */
	notFound?: string;
	itemIndex?: number;
	/** Sentence that replaces the per-status advice. */
	advice?: string;
	secrets: Array<string | undefined>;
}

export { detailText } from './errorBody';

/**
 * Words of the wire, not of the user: the header the key travels in, or a request header a
 * validation error points at (`header.service-api-key: …`). A title never carries them; the
 * description keeps the service's words for support.
 */
const HEADER_WORDS = /\bheaders?\b|[\w-]+-api-key\b/i;

/** A refused key, or a validation error about the key's header (a 422 for a missing header). */
function keyRefused(failure: ServiceFailure): boolean {
	if (failure.status === 401 || failure.status === 403) return true;
	return failure.detail !== undefined && /api[-_ ]key/i.test(failure.detail) && /\bheaders?\b/i.test(failure.detail);
}

function headline(failure: ServiceFailure): string {
	const { status, notFound } = failure;
	if (keyRefused(failure)) return 'The service refused the API key';
	switch (status) {
		case 400:
			return 'The service rejected the request';
		case 404:
			return notFound ? `${notFound} was not found` : 'The service found nothing at this address';
		case 409:
			return 'The service cannot do this in the resource’s current state';
		case 413:
			return 'The upload is too large for the service';
		case 422:
			return 'The service could not accept the input';
		case 429:
			return 'The service’s rate limit was still reached after retrying';
		default:
			return status !== undefined && status >= 500
				? `The service failed (HTTP ${status})`
				: `The service answered HTTP ${status ?? 'error'}`;
	}
}

const KEY_ADVICE = 'Check the API key in the credential, and that its Workflow Endpoint / Partition URL is your account’s own address.';

function advice(failure: ServiceFailure): string {
	if (failure.advice) return failure.advice;
	if (keyRefused(failure)) return KEY_ADVICE;
	switch (failure.status) {
		case 404:
			return failure.notFound
				? 'Check the ID: it may belong to another account or endpoint, or have been deleted.'
				: 'Check the Workflow Endpoint / Partition URL in the credential: it should be your account’s own address.';
		case 409:
			return 'Check its status first (a job’s outputs exist only once it has completed), then run the node again.';
		case 413:
			return 'Each file may be at most 50 MB; split large files or send fewer at once.';
		case 422:
		case 400:
			return 'Correct the fields the service names above and run the node again.';
		case 429:
			return 'Launch fewer jobs at once or wait a moment: the service allows one job launch per second.';
		default:
			return 'This is usually temporary: run the node again later. If it persists, contact the service’s support with the time of the failure and the request.';
	}
}

/**
 * Where the route helps: a failure to report to the service's support (5xx, other statuses) or a
 * 404 that points at a wrong address. For a refused key, a missing id or a field to correct it
 * adds nothing the user can act on; it stays in the error's details (`endpoint`).
 */
function routeHelps(failure: ServiceFailure): boolean {
	const { status } = failure;
	if (status === 404) return !failure.notFound;
	return status === undefined || status >= 500 || ![400, 401, 403, 409, 413, 422, 429].includes(status);
}

// Words a service's "not found" adds to a headline that already says it, e.g. "no such job".
const RESTATING = new Set(['a', 'an', 'the', 'is', 'was', 'not', 'found', 'no', 'such', 'does', 'exist', 'exists', 'id', 'with']);
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? [];

/** Whether the service's words only say again what the headline says ("workflow w-1 not found"). */
function restates(detail: string, head: string): boolean {
	const said = new Set(words(head));
	return words(detail).every((word) => said.has(word) || RESTATING.has(word));
}

function quoted(text: string): string {
	return `“${text.replace(/[.\s]+$/, '')}”`;
}

/**
 * A service failure as the error n8n shows. The message says what happened, with the service's own
 * words after it; the description says what to do. When those words only repeat the message (a 404
 * naming what is missing, and the service's "… not found"), they go to the end of the description
 * instead, so nothing is said twice and nothing the service said is lost.
 */
export function serviceError(node: INode, failure: ServiceFailure): NodeApiError {
	const head = headline(failure);
	// A 401 needs no more words than the title's, while a 403's words say what was not allowed
	// (a plan, a scope); header names never reach the title.
	const inMessage = failure.detail !== undefined && failure.status !== 401 && !HEADER_WORDS.test(failure.detail) && !restates(failure.detail, head);
	const message = redact(inMessage ? `${head}: ${failure.detail}` : head, failure.secrets);
	let help = advice(failure);
	if (failure.detail !== undefined && !inMessage) help = `${help} The service said: ${quoted(failure.detail)}.`;
	if (routeHelps(failure)) help = withRequest(help, failure.endpoint);
	const description = redact(help, failure.secrets);
	const response: JsonObject = { message, endpoint: failure.endpoint };
	if (failure.status !== undefined) response.httpCode = String(failure.status);
	if (failure.detail) response.detail = redact(failure.detail, failure.secrets);
	return new NodeApiError(node, response, {
		message,
		description,
		httpCode: failure.status !== undefined ? String(failure.status) : undefined,
		itemIndex: failure.itemIndex,
	});
}

/* Failures before or instead of a service answer: the network, or an answer that cannot be read. */

export const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection reset',
	EPIPE: 'connection closed while sending',
	ENOTFOUND: 'host name not found',
	EAI_AGAIN: 'host name lookup failed',
	UND_ERR_SOCKET: 'connection closed by the other side',
	UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
	UND_ERR_BODY_TIMEOUT: 'the answer stalled',
	HEADERS_TIMEOUT: 'no answer in time',
};

// n8n replaces messages that contain raw codes such as ECONNREFUSED with generic text, so the
// message uses words and the code goes into the description.
export function networkError(call: CallContext, request: ServiceRequest<unknown>, url: URL, failure: NetworkFailure): NodeApiError {
	const where = url.origin;
	const words = NETWORK_WORDS[failure.code] ?? 'network error';
	let message: string;
	let advice: string;
	if (failure.timedOut) {
		message = `The service at ${where} did not answer in time`;
		advice = 'The service may be overloaded: run the node again later, or turn on Retry On Fail in the node’s settings.';
	} else if (failure.neverReached || failure.permanent) {
		message = `Could not reach the service at ${where} (${words})`;
		advice = 'Check the address in the credential and that the service is reachable from n8n.';
	} else {
		message = `The connection to ${where} broke before the service answered (${words})`;
		advice = 'The service may be restarting; run the node again.';
	}
	if (!request.idempotent && !failure.neverReached) {
		advice =
			'The request may have reached the service, so it was not sent again to avoid creating a duplicate: check the service (e.g. list its jobs or channels) before running the node again.';
	}
	const secrets = [call.connection.apiKey];
	const safeMessage = redact(message, secrets);
	return new NodeApiError(
		call.node,
		{ message: safeMessage, networkCode: failure.code, endpoint: request.endpoint },
		{ message: safeMessage, description: withRequest(advice, request.endpoint, failure.code), itemIndex: call.itemIndex },
	);
}

const MAY_HAVE_ACTED = 'The request did reach the service, so it may have acted on it: check the service before running the node again.';

export function unreadableAnswer(call: CallContext, request: ServiceRequest<unknown>, problem: string): NodeApiError {
	const description = request.idempotent
		? 'The answer was damaged on the way or the service changed its format; run the node again, and report it if it persists.'
		: MAY_HAVE_ACTED;
	const message = `The service’s answer could not be read: ${problem}`;
	return new NodeApiError(
		call.node,
		{ message, endpoint: request.endpoint },
		{ message, description: withRequest(description, request.endpoint), itemIndex: call.itemIndex },
	);
}

/** An answer read no further (answerBody.ts): what the bound was, and that it was not asked for again. */
export function answerCut(call: CallContext, request: ServiceRequest<unknown>, cut: AnswerCutError): NodeApiError {
	const limit = request.answerLimit ?? RECORD_ANSWER;
	let message: string;
	let advice: string;
	if (cut.reason === 'tooLarge') {
		message = `The service’s answer is too large: over the ${byteText(limit.maxBytes)} the node reads for ${limit.what}`;
		advice = `${limit.advice} It was not requested again: the same answer would come back.`;
	} else {
		message = `The service’s answer did not arrive whole within ${ANSWER_BODY_DEADLINE_MS / 60_000} minutes of its headers`;
		advice = `The answer came too slowly (${byteText(cut.bytes)} had arrived) and was not requested again. Run the node again later; if it persists, the link between n8n and the service is too slow for answers this large.`;
	}
	if (!request.idempotent) advice = `${advice} ${MAY_HAVE_ACTED}`;
	return new NodeApiError(
		call.node,
		{ message, endpoint: request.endpoint },
		{ message, description: withRequest(advice, request.endpoint), itemIndex: call.itemIndex },
	);
}

export function describeSchemaProblem(error: { issues: Array<{ path: Array<string | number>; message: string }> }): string {
	return error.issues
		.slice(0, 3)
		.map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
		.join('; ');
}
