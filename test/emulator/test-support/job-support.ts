/** Shared by the emulator's job test files: answer shapes and the calls every job test makes. */
import type { JobResponse as JobBody } from '../jobs/job-view';
import { form, type UploadFile } from './client';
import { PARTITION_ONLY, TEXT_FILE, requestData, type Harness } from './fixtures';

export interface ElementBody {
	type: string;
	element_id: string;
	text: string;
	metadata: Record<string, unknown> & { page_number: number; filename: string };
}

export interface EventBody {
	id: string;
	event_type: string;
	payload: { job_id: string; status: string; workflow_id: string };
	workflow_id: string | null;
	is_read: boolean;
}

/** Job calls against the harness's emulator. */
export function jobCalls(h: Harness) {
	const getJob = async (id: string): Promise<JobBody> => (await h.client.api<JobBody>(`/api/v1/jobs/${id}`)).body;
	return {
		createJob: async (files: UploadFile[] = [TEXT_FILE], jobNodes: unknown = PARTITION_ONLY) =>
			h.client.api<JobBody>('/api/v1/jobs/', { form: form({ request_data: requestData(jobNodes) }, files) }),
		getJob,
		waitForStatus: (id: string, statuses: string[], timeoutMs = 5000): Promise<JobBody> =>
			h.client.waitFor(() => getJob(id), (job) => statuses.includes(job.status), timeoutMs),
		jobEvents: async (jobId: string): Promise<EventBody[]> => {
			const events = await h.client.control<{ events: EventBody[] }>('/events');
			return events.body.events.filter((event) => event.payload.job_id === jobId);
		},
	};
}
