import { z } from 'zod';
import type { ExtractionCarrier } from './jobs/extraction';
import { DELIVERY_FORMATS, type DeliveryFormat } from './events/delivery-formats';
import { ORIG_ELEMENTS_ENCODINGS, type OrigElementsEncoding } from './partition/types';

export type TerminalJobStatus = 'COMPLETED' | 'FAILED' | 'STOPPED';

/** Answer shapes the interface does not show; each plausible one can be chosen (see README). */
export const JOB_LIST_SHAPES = ['array', 'items'] as const;
export const CANCEL_REPLIES = ['job', 'accepted', 'no_content'] as const;
export const CHANNEL_DELETE_REPLIES = ['no_content', 'channel'] as const;
export const CHANNEL_UPDATE_REPLIES = ['channel', 'no_content'] as const;
export const PARTITION_CLOCKS = ['arrival', 'after_parse'] as const;
export const FAILED_FILE_DOCUMENTS = ['name', 'id'] as const;
export const OUTPUT_FILE_ORDERS = ['pipeline', 'reversed'] as const;
export const ERROR_BODIES = ['detail', 'errors'] as const;
export const RETRIEVE_KEY_REPLIES = ['pem', 'not_found', 'method_not_allowed'] as const;
export const CHANNEL_RULES = ['lenient', 'documented'] as const;
export const CONNECTOR_DELETE_REPLIES = ['message', 'no_content'] as const;
export const CHECK_START_REPLIES = ['check', 'empty'] as const;
export const UNREAD_COUNT_PATHS = ['unread-count', 'count'] as const;
export const WORKFLOW_RECORD_SHAPES = ['client', 'live'] as const;

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
	/**
	 * Where that processing time starts: `arrival` — when the request arrived, so the emulator's own
	 * reading and parsing of the upload happen within it (it is the service's whole time for the
	 * request); `after_parse` — once the emulator has read and parsed the upload, which then adds
	 * the emulator's own CPU time (one thread for all requests) on top.
	 */
	partition_clock: (typeof PARTITION_CLOCKS)[number];
	default_job_outcome: TerminalJobStatus;
	/** Timeout of one webhook delivery attempt. */
	webhook_timeout_ms: number;
	/** Backoff before retry n of a failed delivery is n × this value. */
	webhook_retry_backoff_ms: number;
	/** Attempts per delivery, the first included (the service's retries are not documented). */
	webhook_max_attempts: number;
	/** The body format of webhook deliveries (undocumented by the service; see events/delivery-formats.ts). */
	webhook_delivery_format: DeliveryFormat;
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
	/** `GET /jobs/`: a bare array of jobs, or `{items: [...]}`. */
	job_list_shape: (typeof JOB_LIST_SHAPES)[number];
	/** Workflow answers as the client documents them (`sources`/`destinations` arrays, schedule `{crontab_entries}`) or as the live reference does (`source_id`/`destination_id`, the schedule phrase). */
	workflow_record_shape: (typeof WORKFLOW_RECORD_SHAPES)[number];
	/** `POST /jobs/{id}/cancel`: 200 with the stopped job, 202 (stopped after schedule_delay_ms), or 204 (stopped at once). */
	cancel_reply: (typeof CANCEL_REPLIES)[number];
	/** `DELETE .../channels/{id}`: 204, or 200 with the deleted channel. */
	channel_delete_reply: (typeof CHANNEL_DELETE_REPLIES)[number];
	/** `PATCH .../channels/{id}`: 200 with the changed channel, or 204. */
	channel_update_reply: (typeof CHANNEL_UPDATE_REPLIES)[number];
	/** Input files whose name contains this text fail inside a job that still ends COMPLETED ('' = none fail). */
	failing_file_pattern: string;
	/** What `GET /jobs/{id}/failed-files` names a failed file by: its file name or its input file id. */
	failed_file_document: (typeof FAILED_FILE_DOCUMENTS)[number];
	/** How a job whose every file failed ends: COMPLETED (details COMPLETED_WITH_ERRORS) or FAILED. */
	all_files_failed_outcome: 'COMPLETED' | 'FAILED';
	/** `output_node_files` in pipeline order, or last node first (clients must go by node identity). */
	output_files_order: (typeof OUTPUT_FILE_ORDERS)[number];
	/** Validation refusals (422) as `{detail: [{loc, msg, type}]}` or as `{errors: [{field, message}]}`. */
	error_body: (typeof ERROR_BODIES)[number];
	/** `POST /users/retrieve`: the PEM key, or 404 / 405 (only the certificate route serves the key). */
	retrieve_key_reply: (typeof RETRIEVE_KEY_REPLIES)[number];
	/** `documented`: webhook channel urls must be https and secrets 24–75 bytes; `lenient` accepts http (tests on loopback). */
	channel_rules: (typeof CHANNEL_RULES)[number];
	/** Channels (webhook and e-mail) one scope may hold: the workspace, or one workflow (documented: 50). */
	max_channels_per_scope: number;
	/** `DELETE /sources|destinations/{id}`: 200 with a message (documented: a body of unspecified shape), or 204. */
	connector_delete_reply: (typeof CONNECTOR_DELETE_REPLIES)[number];
	/** `POST …/connection-check`: 202 with the check record (documented), or 202 with an empty body. */
	connection_check_start_reply: (typeof CHECK_START_REPLIES)[number];
	/** How a connection check ends, and how long after its start. */
	connection_check_outcome: 'SUCCESS' | 'FAILURE';
	connection_check_delay_ms: number;
	/** Path of the unread count: `/notifications/unread-count` (client, live docs) or `/notifications/count` (draft docs). */
	unread_count_path: (typeof UNREAD_COUNT_PATHS)[number];
	/** How a chunk's `orig_elements` are compressed: `zlib` as the service's library writes them, or `gzip`. */
	orig_elements_encoding: OrigElementsEncoding;
}

export const DEFAULT_CONFIG: Readonly<EmulatorConfig> = Object.freeze({
	launch_spacing_ms: 1000,
	max_running_jobs: 5,
	schedule_delay_ms: 50,
	job_duration_ms: 300,
	per_page_delay_ms: 0,
	partition_clock: 'arrival',
	default_job_outcome: 'COMPLETED',
	webhook_timeout_ms: 5000,
	webhook_retry_backoff_ms: 200,
	webhook_max_attempts: 3,
	webhook_delivery_format: 'event',
	accept_sdk_header: false,
	allow_external_webhooks: false,
	max_parse_bytes: 8 * 1024 * 1024,
	request_log_limit: 5000,
	extraction_carrier: 'document_data',
	job_list_shape: 'array',
	workflow_record_shape: 'client',
	cancel_reply: 'job',
	channel_delete_reply: 'no_content',
	channel_update_reply: 'channel',
	failing_file_pattern: '',
	failed_file_document: 'name',
	all_files_failed_outcome: 'COMPLETED',
	output_files_order: 'pipeline',
	error_body: 'detail',
	retrieve_key_reply: 'pem',
	channel_rules: 'lenient',
	max_channels_per_scope: 50,
	connector_delete_reply: 'message',
	connection_check_start_reply: 'check',
	connection_check_outcome: 'SUCCESS',
	connection_check_delay_ms: 100,
	unread_count_path: 'unread-count',
	orig_elements_encoding: 'zlib',
});

const nonNegativeInt = z.number().int().nonnegative();

export const configPatchSchema = z
	.object({
		launch_spacing_ms: nonNegativeInt,
		max_running_jobs: z.number().int().min(1),
		schedule_delay_ms: nonNegativeInt,
		job_duration_ms: nonNegativeInt,
		per_page_delay_ms: nonNegativeInt,
		partition_clock: z.enum(PARTITION_CLOCKS),
		default_job_outcome: z.enum(['COMPLETED', 'FAILED', 'STOPPED']),
		webhook_timeout_ms: z.number().int().min(1),
		webhook_retry_backoff_ms: nonNegativeInt,
		webhook_max_attempts: z.number().int().min(1),
		webhook_delivery_format: z.enum(DELIVERY_FORMATS),
		accept_sdk_header: z.boolean(),
		allow_external_webhooks: z.boolean(),
		max_parse_bytes: z.number().int().min(1),
		request_log_limit: z.number().int().min(1),
		extraction_carrier: z.enum(['document_data', 'first_element']),
		job_list_shape: z.enum(JOB_LIST_SHAPES),
		workflow_record_shape: z.enum(WORKFLOW_RECORD_SHAPES),
		cancel_reply: z.enum(CANCEL_REPLIES),
		channel_delete_reply: z.enum(CHANNEL_DELETE_REPLIES),
		channel_update_reply: z.enum(CHANNEL_UPDATE_REPLIES),
		failing_file_pattern: z.string(),
		failed_file_document: z.enum(FAILED_FILE_DOCUMENTS),
		all_files_failed_outcome: z.enum(['COMPLETED', 'FAILED']),
		output_files_order: z.enum(OUTPUT_FILE_ORDERS),
		error_body: z.enum(ERROR_BODIES),
		retrieve_key_reply: z.enum(RETRIEVE_KEY_REPLIES),
		channel_rules: z.enum(CHANNEL_RULES),
		max_channels_per_scope: z.number().int().min(1),
		connector_delete_reply: z.enum(CONNECTOR_DELETE_REPLIES),
		connection_check_start_reply: z.enum(CHECK_START_REPLIES),
		connection_check_outcome: z.enum(['SUCCESS', 'FAILURE']),
		connection_check_delay_ms: nonNegativeInt,
		unread_count_path: z.enum(UNREAD_COUNT_PATHS),
		orig_elements_encoding: z.enum(ORIG_ELEMENTS_ENCODINGS),
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
