import type { IExecuteFunctions } from 'n8n-workflow';
import { getConnection, type CallContext, type RetryPolicy } from '../transport';

export interface CallOptions {
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
}

/** The transport's view of one item of an execution. */
export async function callContextFor(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: CallOptions = {},
): Promise<CallContext> {
	return {
		node: ctx.getNode(),
		connection: await getConnection(ctx, itemIndex),
		itemIndex,
		signal: ctx.getExecutionCancelSignal(),
		...options,
	};
}
