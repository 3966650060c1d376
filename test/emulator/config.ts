import { z } from 'zod';
import type { ExtractionCarrier } from './jobs/extraction';

export type TerminalJobStatus = 'COMPLETED' | 'FAILED' | 'STOPPED';

export interface EmulatorConfig {
	/** Minimum spacing between accepted on-demand job launches of one API key. */
	launch_spacing_ms: number;
	/** On-demand jobs of one API key that may be IN_PROGRESS at the same time. */
	max_running_jobs: number;
	/** Delay before a SCHEDULED job that has a free slot moves to IN_PROGRESS. */
	schedule_delay_ms: number;
	/** Time a job spends IN_PROGRESS before it reaches default_job_outcome. */
	job_duration_ms: number;
	/** Processing time per page of a one-shot partition request (timer based, so concurrent requests overlap). */
	per_page_delay_ms: number;
	default_job_outcome: TerminalJobStatus;
	/** Timeout of one webhook delivery attempt. */
	webhook_timeout_ms: number;
	/** Backoff before retry n of a failed delivery is n × this value. */
	webhook_retry_backoff_ms: number;
	/** Bench only: also accept the key in the `unstructured-api-key` header. */
	accept_sdk_header: boolean;
	/** Webhooks go to loopback hosts only unless this is true. */
	allow_external_webhooks: boolean;
	/** Files larger than this are hashed and counted but not parsed (placeholder element instead). */
	max_parse_bytes: number;
	/** The request log keeps at most this many entries (oldest dropped first). */
	request_log_limit: number;
	/**
	 * Where `elements_with_extracted_data` puts the extraction: a leading `DocumentData` element
	 * (the service's documentation) or the first partition element's metadata (an alternative the
	 * node tolerates).
	 */
	extraction_carrier: ExtractionCarrier;
}

export const DEFAULT_CONFIG: Readonly<EmulatorConfig> = Object.freeze({
	launch_spacing_ms: 1000,
	max_running_jobs: 5,
	schedule_delay_ms: 50,
	job_duration_ms: 300,
	per_page_delay_ms: 0,
	default_job_outcome: 'COMPLETED',
	webhook_timeout_ms: 5000,
	webhook_retry_backoff_ms: 200,
	accept_sdk_header: false,
	allow_external_webhooks: false,
	max_parse_bytes: 8 * 1024 * 1024,
	request_log_limit: 5000,
	extraction_carrier: 'document_data',
});

const nonNegativeInt = z.number().int().nonnegative();

export const configPatchSchema = z
	.object({
		launch_spacing_ms: nonNegativeInt,
		max_running_jobs: z.number().int().min(1),
		schedule_delay_ms: nonNegativeInt,
		job_duration_ms: nonNegativeInt,
		per_page_delay_ms: nonNegativeInt,
		default_job_outcome: z.enum(['COMPLETED', 'FAILED', 'STOPPED']),
		webhook_timeout_ms: z.number().int().min(1),
		webhook_retry_backoff_ms: nonNegativeInt,
		accept_sdk_header: z.boolean(),
		allow_external_webhooks: z.boolean(),
		max_parse_bytes: z.number().int().min(1),
		request_log_limit: z.number().int().min(1),
		extraction_carrier: z.enum(['document_data', 'first_element']),
	})
	.partial()
	.strict();

/** Holds the live configuration; `initial` is what reset returns to (defaults plus start options). */
export class ConfigHolder {
	private current: EmulatorConfig;

	constructor(private readonly initial: EmulatorConfig) {
		this.current = { ...initial };
	}

	get(): EmulatorConfig {
		return this.current;
	}

	merge(patch: Partial<EmulatorConfig>): EmulatorConfig {
		this.current = { ...this.current, ...patch };
		return this.current;
	}

	reset(): void {
		this.current = { ...this.initial };
	}
}
