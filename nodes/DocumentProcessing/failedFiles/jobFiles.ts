import { withMoreAdvice } from '../helpers/nodeErrors';
import type { FailedFileRecord, FailureStage } from './records';

/*
 * A failure that is not one file's (a local check of an item, a launch refused, a job that failed
 * or timed out, a download that failed) leaves every file it concerns unprocessed: each is named
 * as a failure of its own.
 */

export const PROCESSING_ADVICE = "Check the file (format, damage, size) and send it again; Job › Get Failed Files lists the service's reasons.";

const DEFAULT_ADVICE: Record<FailureStage, (jobId: string | null) => string> = {
	upload: () => 'Check the file and the node that produced it, then send it again.',
	launch: () => 'Fix what the service names and send the files again.',
	processing: () => PROCESSING_ADVICE,
	download: (jobId) => `Get the output with Job › Download Output and job ID ${jobId ?? '(see job_id)'}.`,
};

/** One of a job's files with the id the service gave it (none when the job was never started). */
export interface JobFile {
	file: { fileName: string | null; itemIndex: number };
	fileId?: string;
}

function describedBy(error: Error): { reason: string; advice?: string; httpCode?: string } {
	const { description, httpCode } = error as { description?: unknown; httpCode?: unknown };
	return {
		reason: error.message,
		...(typeof description === 'string' && description ? { advice: description } : {}),
		...(typeof httpCode === 'string' && httpCode ? { httpCode } : {}),
	};
}

/** The failure records of a job's files that `error` left unprocessed at `stage`; `known` keeps files already accounted for. */
export function jobFileRecords(
	files: JobFile[],
	jobId: string | null,
	stage: FailureStage,
	error: Error,
	known: FailedFileRecord[] = [],
	reasonOf: (file: JobFile) => string | undefined = () => undefined,
): FailedFileRecord[] {
	const { reason, advice, httpCode } = describedBy(error);
	return files.map((entry) => {
		const already = known.find((record) => entry.fileId !== undefined && record.file_id === entry.fileId);
		if (already) return already;
		return {
			file_name: entry.file.fileName,
			item_index: entry.file.itemIndex,
			job_id: jobId,
			file_id: entry.fileId ?? null,
			stage,
			reason: reasonOf(entry) ?? reason,
			// The job's outputs exist once it ran: saying where to get them matters more than why the download broke.
			what_to_do: advice === undefined ? DEFAULT_ADVICE[stage](jobId) : stage === 'download' ? withMoreAdvice(advice, DEFAULT_ADVICE.download(jobId)) : advice,
			...(httpCode ? { http_code: httpCode } : {}),
		};
	});
}

/** Per-file reasons a FAILED job's record gives (its `failed_files`, see jobs/finish.ts), matched by file name or id. */
export function failedJobReasons(failedFiles: unknown): (file: JobFile) => string | undefined {
	const listed = Array.isArray(failedFiles) ? (failedFiles as Array<{ document?: unknown; error?: unknown }>) : [];
	return (entry) => {
		const found = listed.find(({ document }) => document === entry.fileId || document === entry.file.fileName);
		return typeof found?.error === 'string' && found.error.trim() ? found.error.trim() : undefined;
	};
}
