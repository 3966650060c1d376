/**
 * The operations offer no timeout or retry option, yet the transport's CallContext has exactly
 * those two fields (`timeoutMs`, `retry`) for a caller to configure. These suites set them through
 * one seam, the transport's `callService`, so "slow headers beyond the timeout" can be tested with
 * a timeout of a few hundred milliseconds instead of the 60 s default.
 *
 * Use in a test file (jest hoists it above the imports):
 *   jest.mock('../../../nodes/DocumentProcessing/transport/request', () =>
 *     jest.requireActual('./transportSeam').seamedRequestModule());
 */
import type { CallContext, RetryPolicy } from '../../../nodes/DocumentProcessing/transport';

export interface CallOverrides {
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
}

interface Registry {
	/** For every call. */
	all: CallOverrides;
	/** For calls whose credential points at this workflow endpoint (suites run several emulators at once). */
	byBaseUrl: Map<string, CallOverrides>;
}

// On globalThis so the mocked module and the test file agree even if jest hands them different module instances.
const key = Symbol.for('reliability.callOverrides');
type Holder = typeof globalThis & { [key]?: Registry };

function registry(): Registry {
	const holder = globalThis as Holder;
	return (holder[key] ??= { all: {}, byBaseUrl: new Map() });
}

export function setCallOverrides(overrides: CallOverrides): void {
	registry().all = overrides;
}

/** Runs `work` with a header timeout of `timeoutMs` on every call to `baseUrl`, then restores the previous state. */
export async function withTimeout<T>(baseUrl: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
	const { byBaseUrl } = registry();
	byBaseUrl.set(baseUrl, { timeoutMs });
	try {
		return await work();
	} finally {
		byBaseUrl.delete(baseUrl);
	}
}

function overridesFor(call: CallContext): CallOverrides {
	const { all, byBaseUrl } = registry();
	const own = byBaseUrl.get(call.connection.baseUrl) ?? {};
	return { timeoutMs: own.timeoutMs ?? all.timeoutMs, retry: { ...all.retry, ...own.retry } };
}

type RequestModule = typeof import('../../../nodes/DocumentProcessing/transport/request');

/** The real transport module with `callService` applying the current overrides to each call's context. */
export function seamedRequestModule(): RequestModule {
	const actual = jest.requireActual<RequestModule>('../../../nodes/DocumentProcessing/transport/request');
	const callService: RequestModule['callService'] = async (call: CallContext, request) => {
		const overrides = overridesFor(call);
		const merged: CallContext = {
			...call,
			...(overrides.timeoutMs !== undefined ? { timeoutMs: overrides.timeoutMs } : {}),
			retry: { ...call.retry, ...overrides.retry },
		};
		return await actual.callService(merged, request);
	};
	return { ...actual, callService };
}
