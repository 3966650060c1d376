/**
 * Embeddings for the scripted model (scripted-model.ts): `POST /v1/embeddings` as OpenAI answers
 * it, with vectors computed from the words of each text instead of a model. Each word adds to one
 * of DIMENSIONS buckets (by a hash of the word), and the vector is scaled to length 1, so texts
 * sharing words are close and a question finds the passage that uses its words: deterministic, so
 * a vector-store test can name the passage it expects.
 */
import { createHash } from 'node:crypto';

export const DIMENSIONS = 256;

export interface EmbeddingsRequest {
	model: string;
	input: string | string[];
	encoding_format?: 'float' | 'base64';
}

/** Words of four letters or more, lower case: "the" and "of" would make every text alike. */
function words(text: string): string[] {
	return text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
}

export function embed(text: string): number[] {
	const vector = new Array<number>(DIMENSIONS).fill(0);
	for (const word of words(text)) vector[createHash('sha256').update(word).digest().readUInt16BE(0) % DIMENSIONS] += 1;
	const length = Math.hypot(...vector);
	return length === 0 ? vector : vector.map((value) => value / length);
}

/** OpenAI's SDK asks for base64 (little-endian float32) unless told otherwise, and decodes it itself. */
function encoded(vector: number[], format: EmbeddingsRequest['encoding_format']): number[] | string {
	if (format !== 'base64') return vector;
	return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function embeddingsAnswer(request: EmbeddingsRequest) {
	const inputs = Array.isArray(request.input) ? request.input : [request.input];
	if (inputs.some((input) => typeof input !== 'string')) throw new Error('embeddings input must be text (token arrays are not scripted)');
	return {
		object: 'list',
		model: request.model,
		data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: encoded(embed(input), request.encoding_format) })),
		usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
	};
}
