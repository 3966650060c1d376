import { InputProblem } from '../helpers/inputProblem';

/** A problem with the pipeline, named by the field it is in so the user can find it. */
export function pipelineProblem(field: string, message: string): InputProblem {
	return new InputProblem(`${field}: ${message}`);
}

/** JSON text of a pipeline field, parsed; text that is not JSON is an input problem naming the field. */
export function parseJsonText(field: string, raw: string): unknown {
	let problem: string;
	try {
		return JSON.parse(raw) as unknown;
	} catch (error) {
		problem = (error as Error).message;
	}
	throw pipelineProblem(field, `not valid JSON (${problem})`);
}
