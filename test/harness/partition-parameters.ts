import type { PartitionParameters } from '../../nodes/DocumentProcessing/api/partitionForm';

/** Partition File's parameters as the node resolves them with its defaults (split on), with `changes` on top. */
export function partitionParameters(changes: Partial<PartitionParameters> = {}): PartitionParameters {
	return {
		strategy: 'fast',
		languages: [],
		coordinates: false,
		uniqueElementIds: false,
		splitPdfPage: true,
		splitPdfAllowFailed: false,
		splitPdfConcurrencyLevel: 5,
		additional: [],
		...changes,
	};
}
