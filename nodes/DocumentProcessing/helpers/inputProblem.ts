import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { asNodeError } from './nodeErrors';

/**
 * The one error type for a problem with what the user gave (a field, a JSON text, a file, the
 * credential), thrown by code that has no node at hand. The message says where the problem is and
 * never quotes a secret; `hint` says what to do. `asOperationError` is the one place it becomes
 * n8n's NodeOperationError.
 */
export class InputProblem extends Error {
	constructor(
		message: string,
		readonly hint?: string,
	) {
		super(message);
		this.name = 'InputProblem';
	}
}

/** How the code that caught a problem frames it: text around the message, a hint when it has none. */
export interface ProblemFraming {
	prefix?: string;
	suffix?: string;
	hint?: string;
}

/**
 * An InputProblem as a NodeOperationError naming the item, framed by the caller; any other error
 * goes through asNodeError (n8n's own errors and aborts unchanged, anything else wrapped).
 */
export function asOperationError(node: INode, error: unknown, itemIndex?: number, framing: ProblemFraming = {}): Error {
	if (!(error instanceof InputProblem)) return asNodeError(node, error, itemIndex);
	return new NodeOperationError(node, `${framing.prefix ?? ''}${error.message}${framing.suffix ?? ''}`, {
		itemIndex,
		description: error.hint ?? framing.hint,
	});
}
