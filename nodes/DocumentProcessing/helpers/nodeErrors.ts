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
