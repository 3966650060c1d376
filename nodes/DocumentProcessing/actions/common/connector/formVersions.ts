import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { FROM_V3, isVersion3 } from '../../../descriptions/versions';
import type { ConnectorKind } from '../../../api/connectors';
import { connectorFormProperties } from './connectorForm';
import { readFormPlan } from './formPlan';
import type { ConfigPlan } from './connectorConfig';
import { withDriveKeyFile } from './formSecretInputs';

/**
 * Versions 1 and 2 keep their connector fields (saved workflows run unchanged, descriptions/versions.ts
 * hides them from version 3); version 3 shows the form generated from the connector table instead.
 * The v3 form of a resource is shown for Create and Update (a field may name one of them itself).
 */
export function formFields(kind: ConnectorKind, resource: string): INodeProperties[] {
	return withDriveKeyFile(kind, connectorFormProperties(kind)).map((property) => {
		const { show = {}, hide } = property.displayOptions ?? {};
		const shown = { resource: [resource], operation: ['create', 'update'], ...FROM_V3, ...show };
		return { ...property, displayOptions: hide ? { show: shown, hide } : { show: shown } };
	});
}

export function usesForm(ctx: IExecuteFunctions): boolean {
	return isVersion3(ctx.getNode());
}

/**
 * The v3 form's plan and type; its warnings become execution hints beside the output. `given`:
 * config values found outside the fields (formSecretInputs.ts), which take the fields' place.
 */
export async function formPlanWithHints(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind, given: Record<string, unknown> = {}): Promise<{ type: string; plan: ConfigPlan }> {
	const { type, plan, warnings } = await readFormPlan(ctx, itemIndex, kind, given);
	for (const warning of warnings) ctx.addExecutionHints({ message: `Item ${itemIndex}: ${warning}`, location: 'outputPane' });
	return { type, plan };
}
