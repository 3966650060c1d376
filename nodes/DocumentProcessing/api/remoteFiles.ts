import { openRemoteFile, type RemoteFile, type RemoteFileRequest } from '../transport';

export type { RemoteFile };

/** A file named by URL instead of carried as binary data: opened for streaming, limits enforced on the way. */
export async function fetchRemoteFile(request: RemoteFileRequest): Promise<RemoteFile> {
	return await openRemoteFile(request);
}
