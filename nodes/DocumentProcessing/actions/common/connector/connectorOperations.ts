import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { createConnector, deleteConnector, getConnector, listConnectors, updateConnector, type ConnectorKind } from '../../../api/connectors';
import { callContextFor, executingNode } from '../../../api/context';
import { filtersProperty, limitResults, returnAllProperties } from '../../../descriptions/returnAll';
import { runPerItem } from '../../../helpers/items';
import { DEFAULT_POLL_SCHEDULE } from '../../../async/polling';
import { checkConnection, type CheckWait } from '../../../jobs/connectionCheck';
import { requiredText, sendWithSecrets } from './configPlan';
import { connectorView } from './connectorView';
import { typeFilterProperty } from './connectorForm';
import { readFormPlan } from './formPlan';
import type { ConfigPlan } from './connectorConfig';
import { withFormLabels } from './configErrorLabels';
import { formSecretValues } from './formSecretInputs';

/**
 * Sources and destinations offer the same operations on the same record; each resource's
 * operation files build theirs here from the resource's own ID field.
 */
export interface ConnectorResource {
	kind: ConnectorKind;
	/** The resource value in the node, e.g. `source`. */
	resource: string;
	/** Lower case, e.g. `source connector`. */
	label: string;
	idProperty: INodeProperties;
	idFrom(ctx: IExecuteFunctions, itemIndex: number): string;
}

export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

const shownFor = (r: ConnectorResource, operation: string, properties: INodeProperties[]): INodeProperties[] =>
	updateDisplayOptions({ show: { resource: [r.resource], operation: [operation] } }, properties);

export function getOperation(r: ConnectorResource): Operation {
	return {
		description: shownFor(r, 'get', [r.idProperty]),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const connector = await getConnector(await callContextFor(this, itemIndex), r.kind, r.idFrom(this, itemIndex));
				return connectorView(r.kind, connector);
			});
		},
	};
}

export function getManyOperation(r: ConnectorResource): Operation {
	const properties: INodeProperties[] = [...returnAllProperties, filtersProperty([typeFilterProperty(r.kind)])];
	return {
		description: shownFor(r, 'getAll', properties),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
				const type = typeof filters.type === 'string' && filters.type.trim() !== '' ? filters.type.trim() : undefined;
				const connectors = await listConnectors(await callContextFor(this, itemIndex), r.kind, type);
				return limitResults(this, itemIndex, connectors.map((connector) => connectorView(r.kind, connector)));
			});
		},
	};
}

/** The form's plan and type; its warnings become execution hints beside the output. */
async function formPlanWithHints(ctx: IExecuteFunctions, itemIndex: number, kind: ConnectorKind): Promise<{ type: string; plan: ConfigPlan }> {
	const { type, plan, warnings } = await readFormPlan(ctx, itemIndex, kind, await formSecretValues(ctx, itemIndex, kind));
	for (const warning of warnings) ctx.addExecutionHints({ message: `Item ${itemIndex}: ${warning}`, location: 'outputPane' });
	return { type, plan };
}

/**
 * Create: a name, then the type and its config. Everything is checked before the first request,
 * so a bad field registers no orphan secret.
 */
export function createOperation(r: ConnectorResource, nameProperty: INodeProperties): Operation {
	return {
		// The config form follows every resource's own fields (connectorForms.ts).
		description: shownFor(r, 'create', [nameProperty]),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const name = requiredText(this, nameProperty.name, nameProperty.displayName, itemIndex);
				const { type, plan } = await formPlanWithHints(this, itemIndex, r.kind);
				const call = await callContextFor(this, itemIndex);
				const created = await withFormLabels(this, itemIndex, r.kind, type, async () => await sendWithSecrets(executingNode(this), call, plan, async (config) => await createConnector(call, r.kind, { name, type, config })));
				return connectorView(r.kind, created);
			});
		},
	};
}

/** Update sends the whole config (the service replaces it); secrets are handled as in Create. */
export function updateOperation(r: ConnectorResource): Operation {
	return {
		description: shownFor(r, 'update', [{ ...r.idProperty, description: `ID of the ${r.label} to change; its name and type stay` }]),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const id = r.idFrom(this, itemIndex);
				const { type, plan } = await formPlanWithHints(this, itemIndex, r.kind);
				const call = await callContextFor(this, itemIndex);
				const updated = await withFormLabels(this, itemIndex, r.kind, type, async () => await sendWithSecrets(executingNode(this), call, plan, async (config) => await updateConnector(call, r.kind, id, config)));
				return connectorView(r.kind, updated);
			});
		},
	};
}

export function deleteOperation(r: ConnectorResource): Operation {
	return {
		description: shownFor(r, 'delete', [{ ...r.idProperty, description: `ID of the ${r.label} to delete` }]),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const id = r.idFrom(this, itemIndex);
				await deleteConnector(await callContextFor(this, itemIndex), r.kind, id);
				return { id, deleted: true };
			});
		},
	};
}

const DEFAULT_CHECK_TIMEOUT_S = 60;

export function checkConnectionOperation(r: ConnectorResource): Operation {
	const properties: INodeProperties[] = [
		r.idProperty,
		{
			displayName: 'Wait for Result',
			name: 'waitForResult',
			type: 'boolean',
			default: false,
			description: 'Whether to wait until the service reports whether the connection works; off returns the started check at once',
		},
		{
			displayName: 'Options',
			name: 'checkOptions',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: { show: { waitForResult: [true] } },
			options: [
				{
					displayName: 'Fail on Failed Check',
					name: 'failOnFailure',
					type: 'boolean',
					default: false,
					description: 'Whether a failed check stops the workflow with an error; off outputs the check with its reason',
				},
				{
					displayName: 'Timeout (Seconds)',
					name: 'timeoutSeconds',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_CHECK_TIMEOUT_S,
					description: 'How long to wait for the result before giving up',
				},
			],
		},
	];
	return {
		description: shownFor(r, 'checkConnection', properties),
		async execute(items) {
			return await runPerItem(this, items, async (itemIndex) => {
				const id = r.idFrom(this, itemIndex);
				const wait = this.getNodeParameter('waitForResult', itemIndex, false) as boolean;
				const options = this.getNodeParameter('checkOptions', itemIndex, {}) as IDataObject;
				const seconds = Number(options.timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_S);
				if (wait && !(seconds > 0)) {
					throw new NodeOperationError(executingNode(this), 'Options › Timeout (Seconds) must be above 0', { itemIndex, description: 'Set a timeout of 1 second or more.' });
				}
				const settings: CheckWait | undefined = wait ? { schedule: DEFAULT_POLL_SCHEDULE, timeoutMs: seconds * 1000 } : undefined;
				const check = await checkConnection(await callContextFor(this, itemIndex), r.kind, id, settings);
				if (wait && options.failOnFailure === true && check.status === 'FAILURE') {
					throw new NodeOperationError(executingNode(this), `The connection check of ${r.label} "${id}" failed: ${check.reason ?? 'no reason given'}`, {
						itemIndex,
						description: `Fix the ${r.label}’s config (address, credentials, permissions) with Update and check again.`,
					});
				}
				return { ...check, [`${r.kind}_id`]: id };
			});
		},
	};
}
