import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { redact } from './redact';

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

interface DetailEntry {
	loc?: unknown;
	msg?: unknown;
}

/** The service answers `{"detail": string | list}`; a list holds `{loc, msg}` validation entries. */
export function detailText(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return typeof body === 'string' && body.trim() ? body.trim() : undefined;
	const detail = (body as { detail?: unknown }).detail;
	if (typeof detail === 'string') return detail;
	if (Array.isArray(detail)) {
		return detail
			.map((entry: unknown) => {
				if (typeof entry === 'string') return entry;
				const { loc, msg } = (entry ?? {}) as DetailEntry;
				const where = Array.isArray(loc) ? loc.join('.') : undefined;
				const what = typeof msg === 'string' ? msg : JSON.stringify(entry);
				return where ? `${where}: ${what}` : what;
			})
			.join('; ');
	}
	if (detail !== undefined) return JSON.stringify(detail);
	return undefined;
}

function headline(failure: ServiceFailure): string {
	const { status, notFound } = failure;
	switch (status) {
		case 400:
			return 'The service rejected the request';
		case 401:
		case 403:
			return 'The service refused the API key';
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

function advice(failure: ServiceFailure): string {
	if (failure.advice) return failure.advice;
	switch (failure.status) {
		case 401:
		case 403:
			return 'Check the API key in the credential, and that its Workflow Endpoint / Partition URL is your account’s own address.';
		case 404:
			return 'Check the id (it may belong to another account or endpoint, or have been deleted).';
		case 409:
			return 'Wait until the job has completed before downloading its outputs.';
		case 413:
			return 'Each file may be at most 50 MB; split large files or send fewer at once.';
		case 422:
		case 400:
			return 'Correct the fields the service names above and run the node again.';
		case 429:
			return 'Launch fewer jobs at once or wait a moment: the service allows one job launch per second.';
		default:
			return 'This is usually temporary: run the node again later. If it persists, contact the service’s support with the time of the failure.';
	}
}

/** A service failure as the error n8n shows: status, the service's detail and what to do. */
export function serviceError(node: INode, failure: ServiceFailure): NodeApiError {
	const head = headline(failure);
	const message = redact(failure.detail ? `${head}: ${failure.detail}` : head, failure.secrets);
	const description = redact(`${failure.endpoint} — ${advice(failure)}`, failure.secrets);
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
