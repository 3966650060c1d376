import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

/** The node versions whose tuning fields sit in each operation's Options collection. */
export const OPTIONS_VERSION = 3;

export function isVersion3(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= OPTIONS_VERSION;
}

/**
 * A setting wherever this node version shows it: at the top of the panel (versions 1 and 2, and
 * the fields version 3 keeps at the top), or in the operation's Options collection (version 3).
 * n8n keeps only the fields a node's version and choices show, so a field at the top is the one
 * in use; one that is not there is read from Options, and missing there too it is the fallback.
 */
export function nodeSetting<T>(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback: T): T {
	const parameters: INodeParameters = ctx.getNode().parameters;
	const atTop = Object.prototype.hasOwnProperty.call(parameters, name);
	return ctx.getNodeParameter(atTop ? name : `options.${name}`, itemIndex, fallback) as T;
}
