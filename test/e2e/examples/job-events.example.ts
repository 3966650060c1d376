/**
 * examples/job-events-to-webhook.json: published, its trigger registers a signed channel with the
 * emulator; a job of the account completes, the trigger downloads its outputs, and the summary
 * reaches the chat webhook, here a loopback receiver.
 */
import { PARTITION_ONLY, requestData } from '../../emulator/test-support/fixtures';
import { form } from '../../emulator/test-support/client';
import { WebhookReceiver } from '../../emulator/test-support/webhook-receiver';
import { sleep } from '../lib/proc';
import { importExample } from './example-import';
import type { ExamplesContext } from './examples-context';

const WEBHOOK_PLACEHOLDER = 'https://hooks.example.com/services/REPLACE-WITH-YOUR-WEBHOOK';

export function jobEventsExample(context: () => ExamplesContext): void {
	it('React to job events: a completed job is posted to the chat webhook with its file names', async () => {
		const { suite } = context();
		const { e2e, client, emulator } = suite;
		const chat = await new WebhookReceiver().start();
		try {
			const imported = await importExample(e2e.rest, 'job-events-to-webhook.json', [
				{ node: 'Post to the Chat', parameter: 'url', shipped: WEBHOOK_PLACEHOLDER, value: `${chat.url}/chat-hook`, why: 'the placeholder the sticky note says to replace; a test reaches loopback only' },
			]);
			await e2e.publish(imported.id);
			const channel = [...emulator.store.channels.values()].find((candidate) => candidate.url?.includes('8c2e4a6b-1d3f-4b5a-9c7e-2f4a6c8e0b01'));
			expect(channel).toMatchObject({ channel_type: 'webhook', event_types: ['job.completed'], enabled: true });

			const created = await client.api<{ id: string }>('/api/v1/jobs/', {
				form: form({ request_data: requestData(PARTITION_ONLY) }, [{ name: 'minutes.md', type: 'text/markdown', content: '# Minutes\n\nThe board met on Monday.\n' }]),
			});
			expect(created.status).toBe(200);
			const deadline = Date.now() + 90_000;
			while (chat.received.length === 0 && Date.now() < deadline) await sleep(200);

			expect(chat.received).toHaveLength(1);
			const [message] = chat.received;
			expect(message.path).toBe('/chat-hook');
			expect(message.headers['content-type']).toMatch(/application\/json/);
			expect(JSON.parse(message.body)).toEqual({ text: `Job ${created.body.id} completed: minutes.md (2 elements)` });
			await e2e.unpublish(imported.id);
		} finally {
			await chat.close();
		}
	}, 5 * 60_000);
}
