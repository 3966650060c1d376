import type { JobNodeSpec } from '../jobs/job-types';

/** The emulator's template catalogue (the service's list is not documented beyond its fields). */
export interface EmulatorTemplate {
	id: string;
	name: string;
	description: string;
	version: string;
	last_updated: string;
	nodes: JobNodeSpec[];
}

export const TEMPLATES: readonly EmulatorTemplate[] = [
	{
		id: 'fast-partition',
		name: 'Fast partition',
		description: 'Partition documents with the vision model, fast pages allowed',
		version: '1.0.0',
		last_updated: '2026-01-15T00:00:00Z',
		nodes: [{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } }],
	},
	{
		id: 'entities',
		name: 'Named entities',
		description: 'Partition, then tag people, places and organisations',
		version: '1.2.0',
		last_updated: '2026-03-02T00:00:00Z',
		nodes: [
			{ name: 'Partitioner', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } },
			{ name: 'Entities', type: 'prompter', subtype: 'provider_ner', settings: { provider_type: 'provider', model: 'ner-1' } },
		],
	},
];

export function findTemplate(id: string): EmulatorTemplate | undefined {
	return TEMPLATES.find((template) => template.id === id);
}
