/** A problem with the pipeline, named by where it is so the user can find it. */
export class PipelineError extends Error {
	constructor(
		readonly field: string,
		message: string,
	) {
		super(`${field}: ${message}`);
	}
}
