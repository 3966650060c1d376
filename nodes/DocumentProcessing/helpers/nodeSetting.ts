import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

// Node version 3 moved the tuning fields of each operation into its Options collection
// (`options`) and turned unclear yes/no fields into named choices (docs/node-version-3.md). These
// readers let every operation's execute serve all versions: n8n keeps only the fields that a
// node's version and choices show, so a field present at the top is the one in use.

const atTop = (ctx: IExecuteFunctions, name: string): boolean => Object.prototype.hasOwnProperty.call(ctx.getNode().parameters, name);

/** A setting at the top of the panel (versions 1 and 2, and what version 3 keeps there) or in Options. */
export function nodeSetting<T>(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback: T): T {
	return ctx.getNodeParameter(atTop(ctx, name) ? name : `options.${name}`, itemIndex, fallback) as T;
}

/** A collection of versions 1 and 2 (e.g. Waiting) whose fields version 3 keeps in Options. */
export function settingsGroup(ctx: IExecuteFunctions, name: string, itemIndex: number): IDataObject {
	return ctx.getNodeParameter(atTop(ctx, name) ? name : 'options', itemIndex, {}) as IDataObject;
}

/** The yes/no field of versions 1 and 2, and the named choice that replaces it in version 3's Options. */
export interface Switch {
	before: string;
	v3: string;
	/** The v3 choice that means yes. */
	on: string;
}

export function switchSetting(ctx: IExecuteFunctions, itemIndex: number, names: Switch, fallback: boolean): boolean {
	if (atTop(ctx, names.before)) return ctx.getNodeParameter(names.before, itemIndex, fallback) as boolean;
	const choice = ctx.getNodeParameter(`options.${names.v3}`, itemIndex, '') as string;
	return choice === '' ? fallback : choice === names.on;
}
