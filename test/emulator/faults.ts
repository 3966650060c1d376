import { z } from 'zod';
import { SMALLEST_FLOOD } from './http/flood';

export const faultInputSchema = z
	.object({
		method: z.string().min(1).optional(),
		path: z.string().startsWith('/'),
		/** The path must also end with this, e.g. `/run`: a request under an id the test cannot know ahead. */
		path_suffix: z.string().min(1).optional(),
		times: z.number().int().min(1).default(1),
		status: z.number().int().min(100).max(599).optional(),
		retry_after: z.string().min(1).optional(),
		detail: z.union([z.string(), z.array(z.unknown())]).optional(),
		delay_ms: z.number().int().nonnegative().optional(),
		reset: z.enum(['before_read', 'after_read']).optional(),
		truncate: z.boolean().optional(),
		body: z.unknown().optional(),
		/** Instead of the handler: a 200 of a generated element array this many bytes long, streamed (http/flood.ts). */
		flood_bytes: z.number().int().min(SMALLEST_FLOOD).optional(),
		/** Instead of the handler: a 200 of a generated element array without end (chunked), until the client hangs up. */
		flood_endless: z.literal(true).optional(),
		/** With flood_bytes: no Content-Length, the body chunked. */
		chunked: z.boolean().optional(),
	})
	.strict()
	.refine((fault) => !(fault.flood_bytes !== undefined && fault.flood_endless), { message: 'flood_bytes and flood_endless exclude each other' });

export type FaultInput = z.infer<typeof faultInputSchema>;

export interface Fault extends FaultInput {
	id: number;
	/** How many more requests this fault applies to. */
	remaining: number;
}

export function describeFault(fault: Fault): string {
	const parts = [`#${fault.id}`];
	if (fault.delay_ms !== undefined) parts.push(`delay ${fault.delay_ms}ms`);
	if (fault.reset) parts.push(`reset ${fault.reset}`);
	if (fault.status !== undefined) parts.push(`status ${fault.status}`);
	if (fault.truncate) parts.push('truncate');
	if (fault.body !== undefined) parts.push('body');
	if (fault.flood_bytes !== undefined) parts.push(`flood ${fault.flood_bytes} bytes${fault.chunked ? ' chunked' : ''}`);
	if (fault.flood_endless) parts.push('flood endless');
	return parts.join(' ');
}

export class FaultStore {
	private faults: Fault[] = [];
	private nextId = 1;

	add(input: FaultInput): Fault {
		const fault: Fault = { ...input, method: input.method?.toUpperCase(), id: this.nextId++, remaining: input.times };
		this.faults.push(fault);
		return fault;
	}

	/** Takes the first matching fault (in the order they were added) and consumes one use of it. */
	take(method: string, path: string): Fault | undefined {
		const fault = this.faults.find(
			(candidate) =>
				(candidate.method === undefined || candidate.method === method) &&
				path.startsWith(candidate.path) &&
				(candidate.path_suffix === undefined || path.endsWith(candidate.path_suffix)),
		);
		if (!fault) return undefined;
		fault.remaining -= 1;
		if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
		return fault;
	}

	list(): Fault[] {
		return this.faults;
	}

	clear(): void {
		this.faults = [];
	}
}
