/** A problem with the pipeline, named by where it is so the user can find it. */
export class PipelineError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(`${field}: ${message}`);
	}
}

/** JSON text of a pipeline field, parsed; text that is not JSON is a PipelineError naming the field. */
export function parseJsonText(field: string, raw: string): unknown {
	let problem: string;
	try {
		return JSON.parse(raw) as unknown;
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new PipelineError(field, `not valid JSON (${problem})`);
}
