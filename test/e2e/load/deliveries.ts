/**
 * The deliveries of the webhook load test: valid job events signed as the service signs them
 * (Standard Webhooks, with the channel's secret), and bad ones interleaved among them.
 */
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import { signWebhook } from '../../emulator/events/signature';
import { post, type Answer } from './http';

export const BAD_KINDS = ['forged', 'unsigned', 'replayed', 'stale'] as const;
export type BadKind = (typeof BAD_KINDS)[number];

/** Two ways of being bad per kind, used alternately. */
export const VARIANTS: Record<BadKind, readonly [string, string]> = {
	forged: ['signed with another key', 'genuine signature, tampered body'],
	unsigned: ['no webhook-* headers', 'id and timestamp, no signature'],
	replayed: ['same request after the original was answered', 'same request at the same time as the original'],
	stale: ['signed, timestamp 6–30 min old', 'signed, timestamp 30–60 min old'],
};

export interface BadAnswer {
	kind: BadKind;
	variant: string;
	answer: Answer;
}

export interface LoadPlan {
	/** In queue order: the valid deliveries with a bad one after every `badEvery`. */
	tasks: Array<() => Promise<void>>;
	validIds: string[];
	/** Event ids that only bad deliveries carry (replays carry a valid delivery's id). */
	badIds: string[];
	/** Filled as the tasks run; index = valid delivery. */
	validAnswers: Answer[];
	badAnswers: BadAnswer[];
}

export function eventBody(id: string, jobId: string = randomUUID()): Buffer {
	return Buffer.from(
		JSON.stringify({
			id,
			event_type: 'job.completed',
			payload: { job_id: jobId, status: 'COMPLETED', workflow_id: randomUUID() },
			created_at: new Date().toISOString(),
			workflow_id: null,
			is_read: false,
		}),
	);
}

export function signedHeaders(
	secret: string,
	id: string,
	body: Buffer,
	timestamp: number = Math.floor(Date.now() / 1000),
): Record<string, string> {
	return {
		'webhook-id': id,
		'webhook-timestamp': String(timestamp),
		'webhook-signature': signWebhook(secret, id, timestamp, body.toString('utf8')),
	};
}

/** The trigger's answer to a delivery it accepted but did not run (a repeat). */
export function isIgnored(answer: Answer): boolean {
	try {
		return typeof (JSON.parse(answer.body) as { ignored?: unknown }).ignored === 'string';
	} catch {
		return false;
	}
}

export function planLoad(options: { url: string; secret: string; valid: number; badEvery: number; agent: http.Agent }): LoadPlan {
	const { url, secret, valid, badEvery, agent } = options;
	const validIds = Array.from({ length: valid }, (_, i) => `evt_load_${String(i).padStart(4, '0')}_${randomUUID()}`);
	const plan: LoadPlan = { tasks: [], validIds, badIds: [], validAnswers: new Array<Answer>(valid), badAnswers: [] };
	const requests = validIds.map((id) => {
		const body = eventBody(id);
		return { body, headers: signedHeaders(secret, id, body) };
	});
	const answered = validIds.map(() => {
		let done: () => void = () => undefined;
		const promise = new Promise<void>((resolve) => (done = resolve));
		return { promise, done };
	});

	// Which bad delivery goes after which valid one; concurrent replays ride on an earlier valid task.
	const slots = new Map<number, { kind: BadKind; variant: number; n: number }>();
	const sentTwice = new Set<number>();
	let n = 0;
	for (let i = badEvery - 1; i < valid; i += badEvery, n++) {
		const kind = BAD_KINDS[n % BAD_KINDS.length];
		const variant = Math.floor(n / BAD_KINDS.length) % 2;
		if (kind === 'replayed' && variant === 1) sentTwice.add(i - 1);
		else slots.set(i, { kind, variant, n });
	}

	const bad = (kind: BadKind, variant: number, body: Buffer, headers: Record<string, string>) => async (): Promise<void> => {
		plan.badAnswers.push({ kind, variant: VARIANTS[kind][variant], answer: await post(url, body, headers, agent) });
	};

	for (let i = 0; i < valid; i++) {
		const { body, headers } = requests[i];
		plan.tasks.push(async () => {
			try {
				if (!sentTwice.has(i)) {
					plan.validAnswers[i] = await post(url, body, headers, agent);
					return;
				}
				// Two identical requests in flight together: exactly one may start a run.
				const pair = await Promise.all([post(url, body, headers, agent), post(url, body, headers, agent)]);
				const repeat = pair.findIndex(isIgnored);
				const first = repeat === 0 ? pair[1] : pair[0];
				plan.validAnswers[i] = first;
				plan.badAnswers.push({ kind: 'replayed', variant: VARIANTS.replayed[1], answer: repeat === 0 ? pair[0] : pair[1] });
			} finally {
				answered[i].done();
			}
		});

		const slot = slots.get(i);
		if (!slot) continue;
		const { kind, variant } = slot;
		if (kind === 'replayed') {
			const original = i - 5;
			plan.tasks.push(async () => {
				await answered[original].promise;
				await bad(kind, variant, requests[original].body, requests[original].headers)();
			});
			continue;
		}
		const id = `evt_bad_${kind}_${slot.n}_${randomUUID()}`;
		plan.badIds.push(id);
		const badBody = eventBody(id);
		const now = Math.floor(Date.now() / 1000);
		let badHeaders: Record<string, string>;
		if (kind === 'forged') {
			badHeaders =
				variant === 0
					? signedHeaders(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, id, badBody)
					: signedHeaders(secret, id, eventBody(id, 'another-job'));
		} else if (kind === 'unsigned') {
			badHeaders = variant === 0 ? {} : { 'webhook-id': id, 'webhook-timestamp': String(now) };
		} else {
			const minutes = (variant === 0 ? 6 : 30) + (slot.n % 24);
			badHeaders = signedHeaders(secret, id, badBody, now - minutes * 60);
		}
		plan.tasks.push(bad(kind, variant, badBody, badHeaders));
	}
	return plan;
}
