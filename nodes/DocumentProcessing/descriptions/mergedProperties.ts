import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/*
 * One property for a field that several resources or operations declare alike (the same name,
 * type, texts and conditions; only `resource` and `operation` differ), shown for all of them, as
 * n8n's own nodes write such fields. Each operation still declares its own fields; the node keeps
 * one copy. A merge never changes what any panel shows, nor in which order
 * (test/unit/merged-properties.test.ts compares every operation's panel before and after).
 */

type Show = NonNullable<IDisplayOptions['show']>;
type Values = NonNullable<Show[string]>;

const showOf = (property: INodeProperties): Show => property.displayOptions?.show ?? {};

/** JSON with sorted keys, so that two equal objects read the same whatever their key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
	const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
	return `{${entries
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`)
		.join(',')}}`;
}

/** What a property is apart from where it shows (`resource` and `operation`, or only `resource`). */
function identity(property: INodeProperties, without: string[]): string {
	const show = Object.fromEntries(Object.entries(showOf(property)).filter(([key]) => !without.includes(key)));
	return canonical({ ...property, displayOptions: { ...property.displayOptions, show } });
}

/** The identity apart from resource and operation, worked out once per property object. */
const placeless = new WeakMap<INodeProperties, string>();
function placelessIdentity(property: INodeProperties): string {
	let key = placeless.get(property);
	if (key === undefined) placeless.set(property, (key = identity(property, ['resource', 'operation'])));
	return key;
}

const union = (lists: Values[]): Values => [...new Set(lists.flat())];

function withShown(property: INodeProperties, shown: Show): INodeProperties {
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...showOf(property), ...shown } } };
}

/**
 * Two property lists shown for different resources, as one: both orders kept, a property in both
 * (apart from its `resource`) kept once for both, along their longest common sequence.
 */
export function mergeInOrder(first: INodeProperties[], second: INodeProperties[]): INodeProperties[] {
	const a = first.map((property) => identity(property, ['resource']));
	const b = second.map((property) => identity(property, ['resource']));
	// common[i][j]: the longest common sequence of a[i..] and b[j..].
	const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
	for (let i = a.length - 1; i >= 0; i--) {
		for (let j = b.length - 1; j >= 0; j--) common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
	}
	const merged: INodeProperties[] = [];
	let [i, j] = [0, 0];
	while (i < a.length || j < b.length) {
		if (i < a.length && j < b.length && a[i] === b[j]) {
			merged.push(withShown(first[i], { resource: union([showOf(first[i]).resource ?? [], showOf(second[j]).resource ?? []]) }));
			i++;
			j++;
		} else if (j >= b.length || (i < a.length && common[i + 1][j] >= common[i][j + 1])) merged.push(first[i++]);
		else merged.push(second[j++]);
	}
	return merged;
}

/** The node's resource/operation pairs, and which of them a property shows for (worked out once each). */
interface Pairs {
	all: Set<string>;
	of(property: INodeProperties): Set<string>;
}

/** Every resource/operation pair of the node, from its Resource and Operation fields. */
function operationPairs(properties: INodeProperties[]): Pairs {
	const all = new Set<string>();
	for (const property of properties.filter((candidate) => candidate.name === 'operation')) {
		for (const resource of showOf(property).resource ?? []) {
			for (const option of property.options ?? []) if ('value' in option) all.add(`${resource}:${String(option.value)}`);
		}
	}
	const known = new Map<INodeProperties, Set<string>>();
	// Every pair when a property names no resource or no operation.
	const among = (property: INodeProperties): Set<string> => {
		const { resource, operation } = showOf(property);
		return new Set(
			[...all].filter((pair) => {
				const [r, o] = pair.split(':');
				return (!resource || resource.includes(r)) && (!operation || operation.includes(o));
			}),
		);
	};
	return {
		all,
		of(property) {
			let shown = known.get(property);
			if (shown === undefined) known.set(property, (shown = among(property)));
			return shown;
		},
	};
}

/** Each pair's panel: the identities of the properties it shows, in order. */
function panels(properties: INodeProperties[], pairs: Pairs, which: Iterable<string>): Map<string, string> {
	const shown = properties.map((property) => ({ key: placelessIdentity(property), pairs: pairs.of(property) }));
	return new Map([...which].map((pair) => [pair, shown.filter((entry) => entry.pairs.has(pair)).map((entry) => entry.key).join('\n')]));
}

/**
 * The node's properties with every repeated property kept once where the merge keeps each
 * operation's panel as it was (the merged property takes its first copy's place, or its last).
 */
export function mergeRepeated(properties: INodeProperties[]): INodeProperties[] {
	const pairs = operationPairs(properties);
	let list = [...properties];
	const groups = new Map<string, INodeProperties[]>();
	for (const property of list) {
		const { resource, operation } = showOf(property);
		if (!resource || !operation) continue;
		const key = placelessIdentity(property);
		groups.set(key, [...(groups.get(key) ?? []), property]);
	}
	for (const copies of groups.values()) {
		if (copies.length > 1) list = mergeGroup(list, copies, pairs);
	}
	return list;
}

/**
 * The copies merged greedily: a copy joins the first one's cluster when the merged property's
 * resources × operations still name only the clusters' own pairs and every panel keeps its order.
 */
function mergeGroup(list: INodeProperties[], copies: INodeProperties[], pairs: Pairs): INodeProperties[] {
	let result = list;
	let rest = copies;
	while (rest.length > 1) {
		let cluster = [rest[0]];
		let merged: INodeProperties[] | undefined;
		for (const copy of rest.slice(1)) {
			if (!exactCover([...cluster, copy], pairs)) continue;
			const candidate = placed(result, [...cluster, copy], pairs);
			if (!candidate) continue;
			cluster = [...cluster, copy];
			merged = candidate;
		}
		rest = rest.filter((copy) => !cluster.includes(copy));
		if (merged) result = merged;
	}
	return result;
}

/** Whether the cluster's resources × operations are exactly the pairs its copies show for. */
function exactCover(cluster: INodeProperties[], pairs: Pairs): boolean {
	const own = new Set(cluster.flatMap((copy) => [...pairs.of(copy)]));
	return [...pairs.of(merge(cluster))].every((pair) => own.has(pair));
}

function merge(cluster: INodeProperties[]): INodeProperties {
	return withShown(cluster[0], { resource: union(cluster.map((copy) => showOf(copy).resource ?? [])), operation: union(cluster.map((copy) => showOf(copy).operation ?? [])) });
}

/** The list with the cluster merged at its first copy's place, or else its last's; undefined when neither keeps the panels. */
function placed(list: INodeProperties[], cluster: INodeProperties[], pairs: Pairs): INodeProperties[] | undefined {
	const affected = new Set(cluster.flatMap((copy) => [...pairs.of(copy)]));
	const before = panels(list, pairs, affected);
	const merged = merge(cluster);
	for (const at of [cluster[0], cluster[cluster.length - 1]]) {
		const candidate = list.flatMap((property) => (property === at ? [merged] : cluster.includes(property) ? [] : [property]));
		const after = panels(candidate, pairs, affected);
		if ([...affected].every((pair) => before.get(pair) === after.get(pair))) return candidate;
	}
	return undefined;
}
