import type { INode } from 'n8n-workflow';
import { ExecutionBaseError, NodeOperationError } from 'n8n-workflow';

/**
 * What a catch block passes on. n8n's own errors (NodeApiError, NodeOperationError, expression
 * errors, a cancelled execution) and an abort stay as they are, so retries, cancellation and
 * `continueOnFail` see what they expect; anything else (a bug, a library's error) becomes a
 * NodeOperationError, so n8n shows it with the node and the item.
 */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): Error {
	if (error instanceof ExecutionBaseError) return error;
	// A DOMException from another realm is no `instanceof Error`, so the name decides.
	if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') return error as Error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}

/*
 * Descriptions say how to fix the problem first; what it is about, for support and logs (a request
 * such as `GET /api/v1/jobs/{job_id}`, a network code), goes in brackets at the very end.
 */
const TRAILER = / \([^()]*\)$/;

/** Ends a description with what it is about, e.g. `… (ECONNREFUSED, POST /api/v1/jobs/)`. */
export function withRequest(description: string, request: string, code?: string): string {
	return `${description} (${code ? `${code}, ` : ''}${request})`;
}

/** Adds advice to a description, before the request it ends with (if any), so the request stays last. */
export function withMoreAdvice(description: string | null | undefined, advice: string): string {
	const text = (description ?? '').trim();
	const trailer = TRAILER.exec(text)?.[0] ?? '';
	const body = text.slice(0, text.length - trailer.length);
	return `${body ? `${body} ` : ''}${advice}${trailer}`;
}
