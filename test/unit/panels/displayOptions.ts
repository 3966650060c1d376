/**
 * What n8n's editor shows of a node description for given parameter values: a small evaluator of
 * `displayOptions` (show/hide, `_cnd` conditions) for the fields at the top of the panel, as
 * n8n-workflow's displayParameter decides it.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

type Values = Record<string, unknown>;

function conditionHolds(condition: Record<string, unknown>, value: unknown): boolean {
	const [[operator, target]] = Object.entries(condition);
	const number = Number(value);
	switch (operator) {
		case 'eq':
			return value === target;
		case 'not':
			return value !== target;
		case 'gte':
			return number >= Number(target);
		case 'lte':
			return number <= Number(target);
		case 'gt':
			return number > Number(target);
		case 'lt':
			return number < Number(target);
		case 'between': {
			const { from, to } = target as { from: number; to: number };
			return number >= from && number <= to;
		}
		case 'startsWith':
			return String(value).startsWith(String(target));
		case 'endsWith':
			return String(value).endsWith(String(target));
		case 'includes':
			return String(value).includes(String(target));
		case 'regex':
			return new RegExp(String(target)).test(String(value));
		case 'exists':
			return value !== undefined && value !== null && value !== '';
		default:
			throw new Error(`displayOptions: unknown condition ${operator}`);
	}
}

/** Whether one of the listed values (or conditions) matches the parameter's value. */
function matches(allowed: unknown[], value: unknown): boolean {
	const values = Array.isArray(value) ? value : [value];
	return allowed.some((entry) => {
		if (typeof entry === 'object' && entry !== null && '_cnd' in entry) {
			return values.some((one) => conditionHolds((entry as { _cnd: Record<string, unknown> })._cnd, one));
		}
		return values.includes(entry);
	});
}

const valueOf = (key: string, values: Values): unknown => values[key.replace(/^\//, '')];

export function isShown(property: INodeProperties, values: Values): boolean {
	const { show, hide } = property.displayOptions ?? {};
	for (const [key, allowed] of Object.entries(show ?? {})) {
		if (!allowed || allowed.length === 0 || !matches(allowed, valueOf(key, values))) return false;
	}
	for (const [key, hidden] of Object.entries(hide ?? {})) {
		if (hidden && hidden.length > 0 && matches(hidden, valueOf(key, values))) return false;
	}
	return true;
}

/**
 * The fields at the top of the panel before the user changes anything: resource and operation
 * set, every other shown field at its default (repeated until nothing changes, since a field's
 * default can show another). `chosen`: fields the user has set first (a connector type).
 */
export function shownByDefault(description: INodeTypeDescription, resource: string, operation: string, chosen: Values = {}): INodeProperties[] {
	const values: Values = { resource, operation, ...chosen };
	for (let round = 0; round < 10; round++) {
		let changed = false;
		for (const property of description.properties) {
			if (property.name in values || !isShown(property, values)) continue;
			values[property.name] = property.default;
			changed = true;
		}
		if (!changed) break;
	}
	return description.properties.filter(
		(property) => !['resource', 'operation'].includes(property.name) && property.type !== 'hidden' && isShown(property, values),
	);
}

/** Resource and operation values of the node, as the Resource and Operation fields list them. */
export interface Operation {
	resource: string;
	resourceName: string;
	operation: string;
	/** The operation's name in the Operation list, e.g. "Process Files". */
	name: string;
	/** Its `action`, as the nodes panel lists it. */
	action: string;
}

export function operationsOf(description: INodeTypeDescription): Operation[] {
	const resource = description.properties.find((property) => property.name === 'resource');
	const found: Operation[] = [];
	for (const option of resource?.options ?? []) {
		const { value, name: resourceName } = option as { value: string; name: string };
		const list = description.properties.find((property) => property.name === 'operation' && isShown(property, { resource: value }));
		for (const operation of list?.options ?? []) {
			const { value: op, name, action } = operation as { value: string; name: string; action?: string };
			found.push({ resource: value, resourceName, operation: op, name, action: action ?? name });
		}
	}
	return found;
}
