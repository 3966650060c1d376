import { prepareBinaryData } from 'n8n-core';
import type { IBinaryData, IBinaryKeyData, INodeExecutionData } from 'n8n-workflow';

import { getBinaryDataService } from './env';

/** A file to put on an input item. `data` is the content: a Buffer, or a string taken as UTF-8 text. */
export interface HarnessBinary {
	data: Buffer | string;
	fileName: string;
	mimeType: string;
}

/**
 * Stores binaries the way an upstream n8n node (Read File, HTTP Request…) would: through
 * n8n-core's prepareBinaryData, i.e. the BinaryDataService currently in the container —
 * on disk (`id: 'filesystem-v2:…'`) in filesystem mode, base64 in `data` in default mode.
 */
export async function storeBinaries(
	binaries: Record<string, HarnessBinary>,
	location: { workflowId: string; executionId: string },
): Promise<IBinaryKeyData> {
	const stored: IBinaryKeyData = {};
	for (const [property, binary] of Object.entries(binaries)) {
		const content = typeof binary.data === 'string' ? Buffer.from(binary.data, 'utf8') : binary.data;
		stored[property] = await prepareBinaryData(
			content,
			location.executionId,
			location.workflowId,
			binary.fileName,
			binary.mimeType,
		);
	}
	return stored;
}

/** The content of a binary, whether stored on disk (has `id`) or in memory (base64 `data`). */
export async function readBinaryData(binary: IBinaryData): Promise<Buffer> {
	const service = await getBinaryDataService();
	return await service.getAsBuffer(binary);
}

/** Absolute path of a filesystem-mode binary on disk (throws for in-memory binaries). */
export async function binaryFilePath(binary: IBinaryData): Promise<string> {
	if (!binary.id) throw new Error('n8n harness: binary has no id (it is stored in memory, not on disk)');
	const service = await getBinaryDataService();
	return service.getPath(binary.id);
}

/** Reads `output[outputIndex][itemIndex].binary[property]`, with a clear error when it is not there. */
export async function readOutputBinary(
	output: INodeExecutionData[][],
	itemIndex: number,
	property = 'data',
	outputIndex = 0,
): Promise<Buffer> {
	const items = output[outputIndex];
	if (!items) throw new Error(`n8n harness: the node has no output ${outputIndex}`);
	const item = items[itemIndex];
	if (!item) {
		throw new Error(
			`n8n harness: output ${outputIndex} has no item ${itemIndex} (it has ${items.length})`,
		);
	}
	const binary = item.binary?.[property];
	if (!binary) {
		const available = Object.keys(item.binary ?? {});
		throw new Error(
			`n8n harness: item ${itemIndex} of output ${outputIndex} has no binary "${property}" (has: ${available.length ? available.join(', ') : 'none'})`,
		);
	}
	return await readBinaryData(binary);
}
