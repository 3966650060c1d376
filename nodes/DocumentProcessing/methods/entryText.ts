/**
 * Texts of picker entries. A listSearch runs on the n8n server, whose time zone and locale are not
 * the user's and differ between installs, so dates are shown in UTC with the zone named and in one
 * fixed, unambiguous form ("26 Nov 2026, 14:03 UTC"), the same on every server.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// A timestamp without an offset is the service's UTC: read as local time it would shift by the server's zone.
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** A service timestamp as `26 Nov 2026, 14:03 UTC`, or undefined when it is missing or not a date. */
export function readableUtc(timestamp: string | null | undefined): string | undefined {
	const text = (timestamp ?? '').trim();
	if (text === '') return undefined;
	const time = new Date(HAS_ZONE.test(text) ? text : `${text}Z`);
	if (Number.isNaN(time.getTime())) return undefined;
	const day = `${time.getUTCDate()} ${MONTHS[time.getUTCMonth()]} ${time.getUTCFullYear()}`;
	return `${day}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())} UTC`;
}

/** A status as a word, e.g. `IN_PROGRESS` → `In progress`. */
export function statusWords(status: string | null | undefined): string {
	const words = (status ?? '').toLowerCase().replace(/_/g, ' ').trim();
	return words === '' ? 'Unknown' : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Parts of an entry's name joined the way the pickers show them; empty parts are left out. */
export function entryName(...parts: Array<string | undefined>): string {
	return parts.filter((part): part is string => part !== undefined && part !== '').join(' · ');
}
