import { InputProblem } from './inputProblem';

/** A problem with the pipeline, named by the field it is in so the user can find it. */
export function pipelineProblem(field: string, message: string): InputProblem {
	return new InputProblem(`${field}: ${message}`);
}
