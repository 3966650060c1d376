/**
 * Attack suite, ids and node types (issue 31 items 5 and 6): ids that are path segments (`.`,
 * `..`), empty after trimming or hold `/`, `?` or `#` are refused before any request when they are
 * parameters, and ignored (with the reason on the item) when a delivery body or header brings
 * them; a node type in Job Nodes JSON that every object inherits gets a clear error.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { HookHarness } from '../harness';
import { markdownItem, useActionWorld } from './support/actionWorld';
import { failure } from './support/service';
import { bridgedTrigger, signedDelivery, useTriggerWorld } from './support/trigger';

const BAD_IDS = ['.', '..', ' .. ', 'a/b', 'a?b', 'a#b'];

describe('attack: ids in parameters', () => {
	const world = useActionWorld();

	it.each(BAD_IDS)('Source Get, Source Delete and Channel Delete refuse %j before any request', async (id) => {
		const runs = [
			{ field: 'Source Connector', parameters: { resource: 'source', operation: 'get', sourceId: id } },
			{ field: 'Source Connector', parameters: { resource: 'source', operation: 'delete', sourceId: id } },
			{ field: 'Channel ID', parameters: { resource: 'notificationChannel', operation: 'delete', channelId: id } },
		];
		for (const { field, parameters } of runs) {
			const error = await failure(world.run(parameters));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(`${field} "${id.trim()}" is not a valid ID`);
			expect((error as NodeOperationError).context.itemIndex).toBe(0);
		}
		expect(await world.service.requests('/api/v1/')).toEqual([]);
	});

	it('refuses an id that is only spaces as empty', async () => {
		const error = await failure(world.run({ resource: 'source', operation: 'get', sourceId: '   ' }));
		expect(error.message).toBe('Source Connector is empty');
	});

	it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('Job Nodes JSON with node type %j fails with a clear message', async (type) => {
		const jobNodesJson = JSON.stringify([{ name: 'P', type, subtype: 'vlm', settings: {} }]);
		const error = await failure(world.run({ resource: 'job', operation: 'create', partitioning: 'json', jobNodesJson }, [markdownItem('a.md')]));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(`Job Nodes (JSON) › job_nodes[0]: unknown type "${type}"; expected one of partition,`);
		expect(await world.service.requests('/api/v1/jobs')).toEqual([]);
	});

	it('leaves Object.prototype clean after pollution keys in Job Nodes JSON', async () => {
		const settings = '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "is_dynamic": false, "allow_fast": true}';
		const jobNodesJson = `[{"name": "P", "type": "partition", "subtype": "vlm", "settings": ${settings}}]`;
		await world.run({ resource: 'job', operation: 'create', partitioning: 'json', jobNodesJson }, [markdownItem('a.md')]);
		expect(Object.prototype).not.toHaveProperty('polluted');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});

describe('attack: ids in trigger deliveries', () => {
	const world = useTriggerWorld({ job_duration_ms: 80, schedule_delay_ms: 10 });
	let hook: HookHarness;
	beforeEach(async () => {
		hook = bridgedTrigger(world.service, world.bridge, { parameters: { events: ['job.completed'], options: { includeJob: true } } });
		await hook.activate();
	});

	it('ignores a job_id and a webhook-id of "..": the run starts, nothing is requested with them', async () => {
		const before = (await world.service.requests('/api/v1/')).length;
		const delivery = signedDelivery(hook, { type: 'job.completed', data: { job_id: '..', status: 'COMPLETED' } }, { id: '..' });
		const result = await hook.runWebhook(delivery);
		expect(result).toMatchObject({ statusCode: 200, workflowStarted: true });
		const [item] = result.response.workflowData?.[0] ?? [];
		expect(item?.json).toMatchObject({
			event_type: 'job.completed',
			job_id: null,
			ignored_ids: ['job_id ".." was ignored: ".." is a path segment, not an ID', 'webhook-id ".." was ignored: ".." is a path segment, not an ID'],
		});
		expect(item?.json).not.toHaveProperty('job');
		expect((await world.service.requests('/api/v1/')).slice(before).filter((request) => !request.path.includes('/channels'))).toEqual([]);
	});

	it('looks an event up by its webhook-id, never by a body id holding a slash', async () => {
		const before = (await world.service.requests('/api/v1/notifications/')).length;
		const result = await hook.runWebhook(signedDelivery(hook, { id: 'evt/../../jobs', type: 'job.completed' }, { id: 'msg_usable' }));
		const [item] = result.response.workflowData?.[0] ?? [];
		expect(item?.json).toMatchObject({ job_id: null, ignored_ids: ['id "evt/../../jobs" was ignored: it holds a space, /, ? or #'] });
		const lookups = (await world.service.requests('/api/v1/notifications/')).slice(before).filter((request) => !request.path.includes('/channels'));
		expect(lookups.map((request) => request.path)).toEqual(['/api/v1/notifications/msg_usable']);
	});
});
