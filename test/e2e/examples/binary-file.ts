/** The bytes of a file a node put into an execution's binary data (n8n's filesystem mode, or inline). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nodeRuns, type RunExecutionData } from '../lib/executions';
import { userFolderPaths } from '../lib/user-folder';

interface BinaryReference {
	id?: string;
	data?: string;
	fileName?: string;
}

export function nodeBinary(userFolder: string, data: RunExecutionData | null, nodeName: string, property = 'data'): { fileName?: string; content: Buffer } {
	const item = (nodeRuns(data, nodeName)[0]?.data?.main?.[0]?.[0] ?? {}) as { binary?: Record<string, BinaryReference> };
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`node "${nodeName}" put no binary "${property}" into its first item`);
	if (!binary.id) return { fileName: binary.fileName, content: Buffer.from(binary.data ?? '', 'base64') };
	// "filesystem-v2:workflows/<id>/executions/<id>/binary_data/<uuid>", below the folder's store:
	// `.n8n/storage` on a fresh n8n 2.x folder, `.n8n/binaryData` where that existed before.
	const relative = binary.id.slice(binary.id.indexOf(':') + 1);
	const stores = ['storage', 'binaryData'].map((store) => path.join(userFolderPaths(userFolder).dotN8n, store, relative));
	const file = stores.find((candidate) => fs.existsSync(candidate));
	if (!file) throw new Error(`the binary data of node "${nodeName}" is in none of ${stores.join(', ')}`);
	return { fileName: binary.fileName, content: fs.readFileSync(file) };
}
