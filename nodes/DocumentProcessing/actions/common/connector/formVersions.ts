import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ConnectorKind } from '../../../api/connectors';
import { connectorFormProperties } from './connectorForm';
import { readFormPlan } from './formPlan';
import type { ConfigPlan } from './connectorConfig';

/**
 * Versions 1 and 2 keep their connector fields (saved workflows run unchanged); version 3 shows
 * the form generated from the connector table instead.
 */

const FROM_V3 = { '@version': [{ _cnd: { gte: 3 } }] };

/** Fields of versions 1 and 2, hidden from version 3. */
export function legacyFields(legacy: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ hide: FROM_V3 }, legacy);
}

/** Fields of version 3 alone. */
export function v3Fields(properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: FROM_V3 }, properties);
}

/** The v3 form of a resource, shown for Create and Update (a field may name one of them itself). */
export function formFields(kind: ConnectorKind, resource: string): INodeProperties[] {
	return connectorFormProperties(kind).map((property) => {
		const { show = {}, hide } = property.displayOptions ?? {};
		const shown = { resource: [resource], operation: ['create', 'update'], ...FROM_V3, ...show };
		return { ...property, displayOptions: hide ? { show: shown, hide } : { show: shown } };
	});
}

export function usesForm(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().typeVersion >= 3;
}

/** The v3 form's plan and type; its warnings become execution hints beside the output. */
export function formPlanWithHints(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind): { type: string; plan: ConfigPlan } {
	const { type, plan, warnings } = readFormPlan(ctx, itemIndex, kind);
	for (const warning of warnings) ctx.addExecutionHints({ message: `Item ${itemIndex}: ${warning}`, location: 'outputPane' });
	return { type, plan };
}
