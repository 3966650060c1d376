import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

/** Shapes from the service interface; unknown fields pass through so nothing the service adds is lost. */

export const outputNodeFileSchema = z
	.object({ node_id: z.string(), file_id: z.string() })
	.passthrough();

const jobShape = z
	.object({
		id: z.string().min(1),
		status: z.string().min(1),
		workflow_id: z.string().nullish(),
		workflow_name: z.string().nullish(),
		created_at: z.string().nullish(),
		runtime: z.string().nullish(),
		input_file_ids: z.array(z.string()).nullish(),
		output_node_files: z.array(outputNodeFileSchema).nullish(),
		job_type: z.string().nullish(),
	})
	.passthrough();

/** A job record as n8n data (it is parsed JSON), with the fields the interface names typed. */
export type Job = z.infer<typeof jobShape> & IDataObject;

export const jobSchema = jobShape.transform((job) => job as unknown as Job);

/** Not shown by the interface: the job list may be a bare array or `{items: [...]}`; both are read. */
export const jobListSchema = z
	.union([z.array(jobSchema), z.object({ items: z.array(jobSchema) }).passthrough()])
	.transform((answer) => (Array.isArray(answer) ? answer : answer.items));

/** Status values a caller can filter by; the interface shows no complete list (IN_PROGRESS is the running one). */
export const JOB_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type OutputNodeFile = z.infer<typeof outputNodeFileSchema>;

/** Terminal states: COMPLETED succeeded; FAILED and STOPPED ended without success. */
export const JOB_SUCCESS = 'COMPLETED';
export const JOB_FAILURES = ['FAILED', 'STOPPED'] as const;

/** A partition element; every field the service sends is kept as it is. */
export const elementSchema = z
	.object({
		type: z.string(),
		element_id: z.string(),
		text: z.string().nullish(),
		metadata: z.record(z.unknown()).nullish(),
	})
	.passthrough();

/** Parsed from JSON, so every element is JSON data: n8n's IDataObject. */
export const elementsSchema = z.array(elementSchema).transform((elements) => elements as IDataObject[]);

export type Element = IDataObject;

/**
 * A job's output file: element arrays and extracted data alone (`extracted_data_only`) are both
 * valid, so the body is only required to be JSON (the transport parses it); helpers/outputContent
 * tells the shapes apart.
 */
export const outputContentSchema = z.unknown();
