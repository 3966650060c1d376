import { partitionFile } from '../partition/partition-file';
import { DEFAULT_PARTITION_OPTIONS, type Element, type PartitionOptions } from '../partition/types';
import { enricherFor } from './enrichers';
import { type ExtractionCarrier, runExtractor } from './extraction';
import type { Job, JobNode, JobOutputs } from './job-types';

// A 1×1 transparent PNG: enough for clients that decode image_base64.
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function partitionOptionsFor(node: JobNode): PartitionOptions {
	const strategy = node.subtype === 'vlm' ? 'vlm' : typeof node.settings?.strategy === 'string' ? node.settings.strategy : 'hi_res';
	return { ...DEFAULT_PARTITION_OPTIONS, languages: [...DEFAULT_PARTITION_OPTIONS.languages], strategy };
}

function imageBlocks(node: JobNode): string[] {
	const types = node.settings?.extract_image_block_types;
	return Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string').map((type) => type.toLowerCase()) : [];
}

function withImagePayloads(elements: Element[], blockTypes: string[]): Element[] {
	if (blockTypes.length === 0) return elements;
	return elements.map((element) =>
		blockTypes.includes(element.type.toLowerCase())
			? { ...element, metadata: { ...element.metadata, image_base64: TINY_PNG, image_mime_type: 'image/png' } }
			: element,
	);
}

/**
 * Runs the job's nodes over each input file. Every node's output is kept, so there is one
 * output per (node, input file); each node works on the previous node's elements. A file whose
 * name contains `failingPattern` fails as the service lets one file fail in a job that still
 * completes: it gets no output at all and its reason is kept in `job.fileErrors`.
 */
export async function runPipeline(job: Job, carrier: ExtractionCarrier = 'document_data', failingPattern = ''): Promise<JobOutputs> {
	const outputs: JobOutputs = new Map(job.nodes.map((node) => [node.id, new Map<string, unknown>()]));
	const [partitionNode, ...rest] = job.nodes;
	if (partitionNode === undefined) return outputs;
	job.fileErrors = new Map();
	for (const file of job.files) {
		if (failingPattern !== '' && file.filename.includes(failingPattern)) {
			job.fileErrors.set(file.id, `Partitioning failed: ${file.filename} could not be read as ${file.content_type || 'a document'}`);
			continue;
		}
		const partitioned = await partitionFile(file, partitionOptionsFor(partitionNode));
		let current = withImagePayloads(partitioned.elements, imageBlocks(partitionNode));
		outputs.get(partitionNode.id)?.set(file.id, current);
		for (const node of rest) {
			if (node.type === 'structured_data_extractor') {
				// An extractor's file may be the extracted JSON alone; later nodes still work on elements.
				const extracted = runExtractor(node, current, file, carrier);
				outputs.get(node.id)?.set(file.id, extracted.content);
				current = extracted.elements;
				continue;
			}
			current = enricherFor(node)(current, node);
			outputs.get(node.id)?.set(file.id, current);
		}
	}
	return outputs;
}
