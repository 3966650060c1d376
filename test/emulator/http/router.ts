import type { IncomingMessage } from 'node:http';
import type { EmulatorCore } from '../core';
import type { RequestLogEntry } from '../request-log';
import type { Reply } from './reply';

export interface RouteContext {
	req: IncomingMessage;
	url: URL;
	params: Record<string, string>;
	query: URLSearchParams;
	/** performance.now() when the request arrived, before its body was read. */
	arrivedAt: number;
	log: RequestLogEntry;
	/** The API key the request authenticated with. */
	apiKey: string;
	core: EmulatorCore;
}

export type Handler = (ctx: RouteContext) => Promise<Reply> | Reply;

interface Route {
	method: string;
	segments: string[];
	handler: Handler;
}

export type RouteMatch = { handler: Handler; params: Record<string, string> } | 'method_not_allowed' | undefined;

/** Trailing slashes are ignored, so `/api/v1/jobs/` and `/api/v1/jobs` are the same route. */
export function normalizePath(path: string): string {
	const trimmed = path.replace(/\/+$/, '');
	return trimmed === '' ? '/' : trimmed;
}

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, pattern: string, handler: Handler): this {
		this.routes.push({ method, segments: normalizePath(pattern).split('/'), handler });
		return this;
	}

	match(method: string, path: string): RouteMatch {
		const segments = normalizePath(path).split('/');
		let pathMatched = false;
		for (const route of this.routes) {
			const params = matchSegments(route.segments, segments);
			if (params === undefined) continue;
			if (route.method === method) return { handler: route.handler, params };
			pathMatched = true;
		}
		return pathMatched ? 'method_not_allowed' : undefined;
	}
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
	if (pattern.length !== actual.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		const expected = pattern[i] ?? '';
		const value = actual[i] ?? '';
		if (expected.startsWith(':')) {
			if (value === '') return undefined;
			params[expected.slice(1)] = decodeURIComponent(value);
		} else if (expected !== value) {
			return undefined;
		}
	}
	return params;
}
