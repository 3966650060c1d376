import type { INode } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod';
import { serviceDispatcher } from './agents';
import type { ServiceConnection } from './connection';
import { AnswerCutError } from './answerBody';
import type { AnswerLimit } from './answerLimits';
import { answerCut, describeSchemaProblem, detailText, networkError, serviceError, unreadableAnswer } from './errors';
import type { MultipartBody } from './multipart';
import { send, type Answer } from './attempt';
import { sleep } from '../async/sleep';
import { LAUNCH_SPACING_MS, launchPacer, type LaunchTurn } from './pacing';
import {
	backoffDelay,
	classifyNetworkError,
	DEFAULT_RETRY_POLICY,
	launchAccepted,
	launchRefused,
	parseRetryAfter,
	RETRYABLE_STATUSES,
	type RetryPolicy,
} from './retry';
import { asNodeError } from '../helpers/nodeErrors';
import { proxyAnswerNote, outboundFailureError, proxyRefusal, routed } from './outboundErrors';
import { proxyCredentials } from './proxy';
import { redact } from './redact';

/** Who is calling: the node (for errors), the account, and the item the call is for. */
export interface CallContext {
	node: INode;
	connection: ServiceConnection;
	itemIndex?: number;
	signal?: AbortSignal;
	/** Overrides the endpoint's own timeout (milliseconds to wait for the response headers). */
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
/** A one-shot partition of a large file can take many minutes before the first byte comes back. */
export const PARTITION_TIMEOUT_MS = 60 * 60_000;

export interface ServiceRequest<T> {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** `api`: a path under `{baseUrl}/api/v1`; `partition`: the credential's partition URL. */
	target?: 'api' | 'partition';
	path?: string;
	/** How errors name the call, e.g. `GET /api/v1/jobs/{job_id}`. */
	endpoint: string;
	query?: Record<string, string | number | boolean | undefined>;
	json?: unknown;
	multipart?: MultipartBody;
	/** False for calls that create something: they are resent only when the service cannot have seen them. */
	idempotent: boolean;
	/** On-demand job launches keep the service's one-second spacing, one at a time per endpoint. */
	launchesJob?: boolean;
	/**
	 * Launches paced like on-demand jobs but in a lane of their own with its own spacing (pause
	 * mode's workflow runs): one at a time, `spacingMs` after the previous answer, 429s waited out.
	 */
	launchLane?: { name: string; spacingMs: number };
	/** How much of a successful answer is read (answerLimits.ts; RECORD_ANSWER by default). */
	answerLimit?: AnswerLimit;
	/** Parses the JSON answer; without one an empty (204) answer is expected. */
	schema?: ZodType<T, ZodTypeDef, unknown>;
	timeoutMs?: number;
	/** Names what a 404 means, e.g. `Job "abc"`. */
	notFound?: string;
	/**
	 * For idempotent changes: statuses that, answering a resend after an attempt the service may
	 * have acted on, mean that attempt did the work (a repeated delete meets 404); `value` is returned.
	 */
	settledEarlier?: { statuses: number[]; value: T };
	/** Secrets the request carries besides the API key (a channel's signing secret): never shown in an error. */
	secrets?: Array<string | undefined>;
}

function targetUrl(connection: ServiceConnection, request: ServiceRequest<unknown>): URL {
	const url =
		request.target === 'partition'
			? new URL(connection.partitionUrl)
			: new URL(`${connection.baseUrl}/api/v1${request.path ?? ''}`);
	for (const [key, value] of Object.entries(request.query ?? {})) {
		if (value !== undefined) url.searchParams.set(key, String(value));
	}
	return url;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	if (text.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false };
	}
}

function isHtml(answer: Answer): boolean {
	const type = answer.headers['content-type'];
	const text = Array.isArray(type) ? type.join(';') : (type ?? '');
	return /text\/html/i.test(text) || /^\s*<(!doctype|html)/i.test(answer.text);
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
	return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * The one way this package talks HTTP: adds the key, paces job launches, retries what is safe to
 * retry, maps failures to errors a user can act on and checks the answer's shape.
 */
export async function callService<T>(call: CallContext, request: ServiceRequest<T>): Promise<T> {
	const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...call.retry };
	const url = targetUrl(call.connection, request);
	const { dispatcher, route } = routed(call.node, call.itemIndex, serviceDispatcher(url));
	// Removed from whatever the service or a proxy answers before any of it is cut or shown.
	const secrets = [call.connection.apiKey, ...proxyCredentials(route), ...(request.secrets ?? [])];
	const timeout = call.timeoutMs ?? request.timeoutMs ?? (request.target === 'partition' ? PARTITION_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
	const laneKey = request.launchLane ? `${call.connection.baseUrl} ${request.launchLane.name}` : call.connection.baseUrl;
	const pacer = request.launchesJob || request.launchLane ? launchPacer(laneKey, request.launchLane?.spacingMs) : undefined;
	let notBefore: number | undefined;
	let firstSentAt: number | undefined;
	// A launch refused for the rate limit is not a failure: it does not use up an attempt.
	let rateLimitedLaunches = 0;
	// True once an attempt reached the service without a clear answer (broken connection, 5xx).
	let mayHaveActed = false;

	for (let sent = 0; ; sent++) {
		const attempt = sent - rateLimitedLaunches;
		let turn: LaunchTurn | undefined;
		if (pacer) turn = await pacer.turn({ notBefore, signal: call.signal });
		else if (notBefore !== undefined) await sleep(notBefore - Date.now(), call.signal);
		firstSentAt ??= Date.now();
		const mayRetry = (delayMs: number) =>
			attempt + 1 < policy.maxAttempts && Date.now() + delayMs - firstSentAt! <= policy.totalTimeMs;

		let answer: Answer;
		try {
			answer = await send(call, request, url, dispatcher, timeout);
		} catch (error) {
			// An answer past its bound (or its deadline) would come back the same: never sent again.
			if (error instanceof AnswerCutError) throw answerCut(call, request, error);
			// undici reports a refused tunnel as an abort: told apart before the cancellation check.
			const refused = route.proxy && !call.signal?.aborted ? proxyRefusal(error) : undefined;
			if (!refused && isAbort(error, call.signal)) throw asNodeError(call.node, error, call.itemIndex);
			const failure = refused ?? classifyNetworkError(error);
			if (!failure) throw asNodeError(call.node, error, call.itemIndex);
			const delay = backoffDelay(attempt, policy);
			if (!failure.permanent && (request.idempotent || failure.neverReached) && mayRetry(delay)) {
				notBefore = Date.now() + delay;
				mayHaveActed ||= !failure.neverReached;
				continue;
			}
			const problem = { target: url, during: request.endpoint, itemIndex: call.itemIndex };
			throw outboundFailureError(call.node, route, problem, error) ?? networkError(call, request, url, failure);
		} finally {
			// The service has accepted (or refused) the launch by now: the next one is paced from here.
			turn?.finished();
		}

		if (answer.status >= 200 && answer.status < 300) {
			if (pacer) launchAccepted(laneKey);
			if (isHtml(answer)) {
				throw unreadableAnswer(
					call,
					request,
					'an HTML page came back instead of the API’s JSON; the credential’s address is probably a web page, not the account’s API endpoint',
				);
			}
			const parsed = parseJson(answer.text);
			if (!parsed.ok) {
				const delay = backoffDelay(attempt, policy);
				if (request.idempotent && mayRetry(delay)) {
					notBefore = Date.now() + delay;
					mayHaveActed = true;
					continue;
				}
				throw unreadableAnswer(call, request, 'the body is not complete JSON');
			}
			if (!request.schema) return undefined as T;
			const checked = request.schema.safeParse(parsed.value);
			if (!checked.success) throw unreadableAnswer(call, request, redact(describeSchemaProblem(checked.error), secrets));
			return checked.data;
		}

		if (mayHaveActed && request.settledEarlier?.statuses.includes(answer.status)) return request.settledEarlier.value;
		if (pacer && answer.status === 429) {
			const delay = launchRefused(laneKey, parseRetryAfter(answer.headers['retry-after']), Math.max(pacer.spacingMs, LAUNCH_SPACING_MS));
			pacer.hold(Date.now() + delay);
			if (Date.now() + delay - firstSentAt <= policy.totalTimeMs) {
				rateLimitedLaunches++;
				continue;
			}
		}
		const retryable = RETRYABLE_STATUSES.has(answer.status) && (request.idempotent || answer.status === 429);
		if (retryable) {
			const delay = parseRetryAfter(answer.headers['retry-after']) ?? backoffDelay(attempt, policy);
			if (mayRetry(delay)) {
				notBefore = Date.now() + delay;
				mayHaveActed ||= answer.status !== 429;
				continue;
			}
		}
		const parsed = parseJson(answer.text);
		// detailText redacts before it shortens: a secret across the cut is never half shown.
		const detail = detailText(parsed.ok ? parsed.value : answer.text, secrets);
		throw serviceError(call.node, {
			endpoint: request.endpoint,
			status: answer.status,
			detail,
			notFound: request.notFound,
			itemIndex: call.itemIndex,
			// An answer without the service's own `detail` may be the proxy's error page.
			advice: parsed.ok && detail !== undefined ? undefined : proxyAnswerNote(route, url, answer.status),
			secrets,
		});
	}
}
