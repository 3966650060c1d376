/**
 * Partition answers a hostile or broken service could send the loader (issue 49, rows 5 and 6),
 * for the emulator's fault `body` (the answer replaced, the request still served): chunks whose
 * `orig_elements` are compressed the way the service compresses them (zlib) or gzipped (what the
 * loader read before it read zlib), each a valid JSON array of elements.
 */

export type Encoding = 'zlib' | 'gzip';
import { deflateSync, gzipSync } from 'node:zlib';

export const MIB = 2 ** 20;

interface Chunk {
	type: string;
	element_id: string;
	text: string;
	metadata: Record<string, unknown>;
}

function chunk(index: number, originals: Buffer, encoding: Encoding): Chunk {
	const packed = encoding === 'gzip' ? gzipSync(originals, { level: 9 }) : deflateSync(originals, { level: 9 });
	return {
		type: 'CompositeElement',
		element_id: `hostile-${index}`,
		text: `Passage ${index} of a hostile answer.`,
		metadata: { filename: 'hostile.pdf', filetype: 'application/pdf', page_number: 1, languages: ['eng'], orig_elements: packed.toString('base64') },
	};
}

/**
 * Row 5: `count` chunks whose originals are each about 4 KB of base64 that inflate to just under
 * 4 MiB (one element whose text is that long), i.e. under the per-chunk bound.
 */
export function bombChunks(encoding: Encoding = 'zlib', count = 64, inflatedBytes = 4 * MIB - 1024): Chunk[] {
	const head = '[{"type":"NarrativeText","element_id":"bomb","metadata":{"page_number":1},"text":"';
	const tail = '"}]';
	const json = Buffer.alloc(inflatedBytes, 'a');
	json.write(head, 0);
	json.write(tail, inflatedBytes - tail.length);
	return Array.from({ length: count }, (_, index) => chunk(index, json, encoding));
}

/** Row 6: one chunk of `elements` originals, each with a page number: as many as fit in 4 MiB of JSON. */
export function crowdedChunk(encoding: Encoding = 'zlib', elements = 135_300): Chunk[] {
	const json = `[${Array.from({ length: elements }, (_, index) => `{"metadata":{"page_number":${1 + (index % 9)}}}`).join(',')}]`;
	return [chunk(0, Buffer.from(json), encoding)];
}
