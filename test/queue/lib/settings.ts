/**
 * Settings of the queue-mode test cluster beyond lib/cluster.ts's defaults. Bull's stalled-job
 * check runs every 30 s against a 60 s lock by default; shorter values let the killed-worker
 * scenario see n8n's reaction within seconds.
 */
export const QUEUE_TEST_ENV: NodeJS.ProcessEnv = {
	QUEUE_WORKER_LOCK_DURATION: '5000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '1000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/**
 * The webhook processes run n8n's `legacy` expression engine, as the webhook load suite's n8n does
 * (test/e2e/webhook-load.e2e.test.ts): under 2.40.7's default `vm` engine n8n builds an expression
 * isolate for every webhook request to a node that is not its own Webhook node
 * (`webhookPhaseNeedsIsolate`), and the suite sends over 400 (200 deliveries, 200 replays, the
 * resumes). That cost is n8n's and the same for every such node; measured on this suite alone, the
 * webhook processes spent 77 CPU s with `vm`. The main process and the workers, which run every
 * execution, keep the default engine; the shared n8n of the e2e suites takes deliveries and resumes
 * under it.
 */
export const QUEUE_TEST_WEBHOOK_ENV: NodeJS.ProcessEnv = { N8N_EXPRESSION_ENGINE: 'legacy' };
