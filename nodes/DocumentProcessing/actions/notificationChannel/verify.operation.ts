import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { verifyChannel } from '../../api/channels';
import { callContextFor } from '../../api/context';
import { runPerItem } from '../../helpers/items';
import { channelIdFrom, channelLocator, scopeFrom, channelScopeProperties } from './channelScope';

const properties: INodeProperties[] = [
	...channelScopeProperties,
	channelLocator('The e-mail channel to verify: from the list, or its ID as returned by Create'),
	{
		displayName: 'Verification Code',
		name: 'code',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 042917',
		description: 'The six-digit code the service e-mailed to the channel’s recipient',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationChannel'], operation: ['verify'] } },
	properties,
);

function codeFrom(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('code', itemIndex, '') as unknown;
	// A number-typed expression would drop leading zeros, so only text is taken as it is.
	const code = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	if (!/^\d{6}$/.test(code)) {
		const what = code === '' ? 'is empty' : /^\d+$/.test(code) ? `has ${code.length} digits` : 'contains characters other than digits';
		throw new NodeOperationError(ctx.getNode(), `Verification Code ${what}: it must be exactly six digits`, {
			itemIndex,
			description: 'Copy the six-digit code from the verification e-mail, e.g. 042917 (keep leading zeros).',
		});
	}
	return code;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await runPerItem(this, items, async (itemIndex) => {
		const scope = scopeFrom(this, itemIndex);
		const channelId = channelIdFrom(this, itemIndex);
		const code = codeFrom(this, itemIndex);
		await verifyChannel(await callContextFor(this, itemIndex), scope, channelId, code);
		return {
			id: channelId,
			...(scope.workflowId !== undefined ? { workflow_id: scope.workflowId } : {}),
			verified: true,
			message: `Channel ${channelId} is verified and now receives its events.`,
		};
	});
}
