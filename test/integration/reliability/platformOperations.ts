/** Fault-matrix rows of the stored-workflow and template operations (issue 24). */
import { randomUUID } from 'node:crypto';
import { actionCase, json } from './actionCase';
import type { Bench } from './bench';
import type { OperationUnderTest } from './operations';

/** A stored workflow of this case, put straight into the emulator's state. */
function storedWorkflow(bench: Bench, name = `Stored ${randomUUID().slice(0, 8)}`): string {
	const id = randomUUID();
	bench.emulator.store.workflows.set(id, { id, name, job_nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: {} }], created_at: new Date() });
	return id;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export function platformOperations(): OperationUnderTest[] {
	return [
		{
			name: 'workflow.create',
			idempotent: false,
			itemIndex: 0,
			effects: { creates: 'workflows' },
			prepare: async (bench) => {
				const name = `Created ${randomUUID().slice(0, 8)}`;
				return actionCase(bench, { method: 'POST', path: '/api/v1/workflows/' }, { resource: 'workflow', operation: 'create', name }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ name, workflow_type: 'custom' }),
				);
			},
		},
		{
			name: 'workflow.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const id = storedWorkflow(bench);
				return actionCase(bench, { method: 'GET', path: `/api/v1/workflows/${id}` }, { resource: 'workflow', operation: 'get', workflowId: byId(id) }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id }),
				);
			},
		},
		{
			name: 'workflow.getAll',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const name = `Listed ${randomUUID().slice(0, 8)}`;
				const id = storedWorkflow(bench, name);
				return actionCase(bench, { method: 'GET', path: '/api/v1/workflows/' }, { resource: 'workflow', operation: 'getAll', returnAll: true, filters: { name } }, undefined, (outcome) =>
					expect(outcome.output?.map((item) => item.json.id)).toEqual([id]),
				);
			},
		},
		{
			name: 'workflow.update',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) => {
				const id = storedWorkflow(bench);
				const name = `Renamed ${randomUUID().slice(0, 8)}`;
				return actionCase(
					bench,
					{ method: 'PUT', path: `/api/v1/workflows/${id}` },
					{ resource: 'workflow', operation: 'update', workflowId: byId(id), updateFields: { name } },
					undefined,
					(outcome) => {
						expect(json(outcome)).toMatchObject({ id, name });
						expect(bench.emulator.store.workflows.get(id)?.name).toBe(name);
					},
				);
			},
		},
		{
			name: 'workflow.delete',
			idempotent: true,
			// The answer's shape is not documented: any 2xx body means deleted.
			readsBack: true,
			itemIndex: 0,
			effects: { deletes: 'workflows' },
			prepare: async (bench) => {
				const id = storedWorkflow(bench);
				return actionCase(bench, { method: 'DELETE', path: `/api/v1/workflows/${id}` }, { resource: 'workflow', operation: 'delete', workflowId: byId(id) }, undefined, (outcome) => {
					expect(json(outcome)).toEqual({ id, deleted: true });
					expect(bench.emulator.store.workflows.has(id)).toBe(false);
				});
			},
		},
		{
			name: 'template.getAll',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) =>
				actionCase(bench, { method: 'GET', path: '/api/v1/templates/' }, { resource: 'template', operation: 'getAll', returnAll: true }, undefined, (outcome) =>
					expect(outcome.output?.map((item) => item.json.id)).toEqual(['fast-partition', 'entities']),
				),
		},
		{
			name: 'template.get',
			idempotent: true,
			itemIndex: 0,
			effects: {},
			prepare: async (bench) =>
				actionCase(bench, { method: 'GET', path: '/api/v1/templates/entities' }, { resource: 'template', operation: 'get', templateId: byId('entities') }, undefined, (outcome) =>
					expect(json(outcome)).toMatchObject({ id: 'entities', nodes: expect.any(Array) }),
				),
		},
	];
}
