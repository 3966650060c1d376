/**
 * Settings of the queue-mode test cluster beyond lib/cluster.ts's defaults. Bull's stalled-job
 * check runs every 30 s against a 60 s lock by default; shorter values let the killed-worker
 * scenario see n8n's reaction within seconds. Nothing else differs from a default deployment.
 */
export const QUEUE_TEST_ENV: NodeJS.ProcessEnv = {
	QUEUE_WORKER_LOCK_DURATION: '5000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '1000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};
