import type { ConfigHolder } from '../config';
import type { NotificationEvent, StoredChannel } from '../channels/channel-types';
import type { EmulatorStore } from '../state';
import type { TimerSet } from '../timers';
import { deliveryMessage, type DeliveryMessage } from './delivery-formats';
import { isLoopbackUrl, postJson } from './http-post';
import { signWebhook } from './signature';

/**
 * Delivers events to webhook channels in the background: never awaited by the job state
 * machine, one queue per channel so a channel sees its events in order, retried (up to
 * webhook_max_attempts attempts in all)
 * with linear backoff on a non-2xx answer or a network error.
 */
export class WebhookDispatcher {
	private readonly queues = new Map<string, Promise<void>>();
	private readonly controllers = new Set<AbortController>();
	/** Bumped by abortAll(), so attempts cut short by a reset leave no record in the fresh log. */
	private generation = 0;

	constructor(
		private readonly store: EmulatorStore,
		private readonly config: ConfigHolder,
		private readonly timers: TimerSet,
	) {}

	dispatch(channel: StoredChannel, event: NotificationEvent): void {
		const previous = this.queues.get(channel.id) ?? Promise.resolve();
		const next = previous.then(() => this.deliver(channel, event)).catch(() => undefined);
		this.queues.set(channel.id, next);
		void next.then(() => {
			if (this.queues.get(channel.id) === next) this.queues.delete(channel.id);
		});
	}

	/** Resolves once every queued delivery has finished (used by tests and close()). */
	async idle(): Promise<void> {
		while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
	}

	abortAll(): void {
		this.generation += 1;
		for (const controller of this.controllers) controller.abort();
		this.controllers.clear();
		this.queues.clear();
	}

	private async deliver(channel: StoredChannel, event: NotificationEvent): Promise<void> {
		// Retries resend the same message, as a real service would.
		const message = deliveryMessage(event, this.config.get().webhook_delivery_format);
		const maxAttempts = this.config.get().webhook_max_attempts;
		for (let attempt = 1; attempt <= maxAttempts; attempt++) {
			if (!this.store.channels.has(channel.id) || channel.url === undefined || channel.secret === undefined) return;
			const ok = await this.attempt(channel, channel.url, channel.secret, event, message, attempt);
			if (ok || attempt === maxAttempts) return;
			const waited = await this.timers.sleep(this.config.get().webhook_retry_backoff_ms * attempt);
			if (!waited) return;
		}
	}

	private async attempt(channel: StoredChannel, target: string, secret: string, event: NotificationEvent, message: DeliveryMessage, attempt: number): Promise<boolean> {
		const { webhookId, body } = message;
		const record = { url: target, channel_id: channel.id, webhook_id: webhookId, event_id: event.id, event_type: event.event_type, attempt, at: new Date().toISOString() };
		const url = new URL(target);
		if (!isLoopbackUrl(url) && !this.config.get().allow_external_webhooks) {
			this.store.deliveries.push({ ...record, error: 'not delivered: the emulator only calls loopback hosts (see allow_external_webhooks)' });
			return true;
		}
		const timestamp = Math.floor(Date.now() / 1000);
		const headers = {
			'webhook-id': webhookId,
			'webhook-timestamp': String(timestamp),
			'webhook-signature': signWebhook(secret, webhookId, timestamp, body),
		};
		const controller = new AbortController();
		const generation = this.generation;
		this.controllers.add(controller);
		try {
			const status = await postJson(url, body, headers, this.config.get().webhook_timeout_ms, controller.signal);
			if (generation === this.generation) this.store.deliveries.push({ ...record, status_code: status });
			return status >= 200 && status < 300;
		} catch (error) {
			if (generation !== this.generation) return true;
			this.store.deliveries.push({ ...record, error: (error as Error).message });
			return false;
		} finally {
			this.controllers.delete(controller);
		}
	}
}
