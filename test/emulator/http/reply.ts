export type Detail = string | ValidationIssue[];

/** FastAPI-style validation entry: `loc` names the field, `msg` says what is wrong with it. */
export interface ValidationIssue {
	type: string;
	loc: Array<string | number>;
	msg: string;
}

export interface Reply {
	status: number;
	/** JSON body; absent for 204 and other empty answers. */
	json?: unknown;
	headers?: Record<string, string>;
}

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly detail: Detail,
		readonly headers: Record<string, string> = {},
	) {
		super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '));
	}
}

export function ok(json: unknown, status = 200): Reply {
	return { status, json };
}

export function noContent(): Reply {
	return { status: 204 };
}

/**
 * The error answer. `errors` style (the service's connector, secret and channel refusals) turns a
 * validation list into `{errors: [{field, message}]}`; a plain-text detail stays `{detail}`.
 */
export function errorReply(error: HttpError, style: 'detail' | 'errors' = 'detail'): Reply {
	if (style === 'errors' && Array.isArray(error.detail)) {
		const errors = error.detail.map((issue) => ({
			field: locToString(issue.loc.filter((part, index) => index > 0 || (part !== 'body' && part !== 'query'))),
			// The emulator's messages start with the field name; the `errors` shape names it apart.
			message: issue.msg.replace(/^[\w.[\]]+: /, ''),
		}));
		return { status: error.status, json: { errors }, headers: error.headers };
	}
	return { status: error.status, json: { detail: error.detail }, headers: error.headers };
}

export function notFound(what: string, id: string): HttpError {
	return new HttpError(404, `${what} ${id} not found`);
}

export function invalid(loc: Array<string | number>, msg: string, type = 'value_error'): HttpError {
	return new HttpError(422, [{ type, loc, msg }]);
}

export function locToString(loc: Array<string | number>): string {
	return loc.reduce<string>((path, part) => {
		if (typeof part === 'number') return `${path}[${part}]`;
		return path === '' ? part : `${path}.${part}`;
	}, '');
}
