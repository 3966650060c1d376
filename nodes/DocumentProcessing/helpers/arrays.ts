/**
 * Loops instead of spreads: `push(...items)` and `Math.max(...values)` pass every entry as an
 * argument of one call, which fails ("Maximum call stack size exceeded") once an array of the
 * service's or the user's data passes about 120,000 entries. test/unit/no-unbounded-spread.test.ts
 * keeps such spreads out of shipped code.
 */

/** Appends `items` to `target` one by one; returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
	for (const item of items) target.push(item);
	return target;
}

/** The largest of `values`, or `empty` when there are none. */
export function largest(values: Iterable<number>, empty: number): number {
	let top: number | undefined;
	for (const value of values) if (top === undefined || value > top) top = value;
	return top ?? empty;
}
