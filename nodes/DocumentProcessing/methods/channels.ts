import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { listChannels, type ChannelScope } from '../api/channels';
import { serviceCallContext } from '../api/context';
import { workflowIdFromValue } from '../descriptions/workflowLocator';
import { localPage, matchesSearch } from './searchResults';

/** The channels of the scope chosen above the picker (workspace, or the chosen workflow). */
function pickerScope(ctx: ILoadOptionsFunctions): ChannelScope {
	if (ctx.getCurrentNodeParameter('scope') !== 'workflow') return {};
	const raw = ctx.getCurrentNodeParameter('workflowId', { extractValue: true });
	return { workflowId: workflowIdFromValue(ctx.getNode(), raw) };
}

/**
 * The service lists channels of one type per call (`channel_type` is required), so the picker
 * asks for webhooks and e-mail channels and shows both, each named by what it delivers to.
 */
export async function searchChannels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const scope = pickerScope(this);
	const call = await serviceCallContext(this);
	const [webhooks, emails] = await Promise.all([
		listChannels(call, scope, { channelType: 'webhook' }),
		listChannels(call, scope, { channelType: 'email' }),
	]);
	const results = [...webhooks, ...emails]
		.map((channel) => {
			const target = channel.url ?? (typeof channel.email_config?.recipient_email === 'string' ? channel.email_config.recipient_email : '');
			const label = channel.description || target || channel.id;
			return { name: `${label} (${channel.channel_type}${channel.enabled ? '' : ', disabled'})`, value: channel.id, target };
		})
		.filter((entry) => matchesSearch(filter, entry.name, entry.value, entry.target))
		.map(({ name, value }) => ({ name, value }));
	return localPage(results, paginationToken);
}
