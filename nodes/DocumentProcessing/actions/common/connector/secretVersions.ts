import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Version 3.1: connector secrets come from an n8n credential (or a Register Secret reference),
 * never from a field typed into the node, which n8n saves as typed. Version 3 keeps its secret
 * fields, so its saved workflows keep their parameters.
 */
export const VERSION_3_1 = 3.1;
export const FROM_V3_1 = { '@version': [{ _cnd: { gte: VERSION_3_1 } }] };
// Exactly 3 (a condition here would replace, not narrow, the form's own "from 3").
export const ONLY_V3_0 = { '@version': [3] };

export function secretsFromCredentials(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= VERSION_3_1;
}
