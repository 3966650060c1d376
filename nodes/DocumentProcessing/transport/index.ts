export { closeAllPools } from './agents';
export { CREDENTIAL_TYPE, connectionFromCredential, getConnection, normaliseBaseUrl, normalisePartitionUrl } from './connection';
export type { ServiceConnection } from './connection';
export { serviceError } from './errors';
export type { FilePart, MultipartBody } from './multipart';
export { LAUNCH_SPACING_MS } from './pacing';
export { callService, DEFAULT_TIMEOUT_MS, PARTITION_TIMEOUT_MS } from './request';
export type { CallContext, ServiceRequest } from './request';
export type { RetryPolicy } from './retry';
export { openRemoteFile } from './remoteFile';
export type { RemoteFile, RemoteFileRequest } from './remoteFile';
export {
	JOB_ANSWER,
	LIST_ANSWER,
	OUTPUT_ANSWER,
	RECORD_ANSWER,
	partitionAnswerLimit,
} from './answerLimits';
export type { AnswerLimit } from './answerLimits';
