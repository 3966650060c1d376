/** How a fault-matrix row runs the action node: one execution, its output or its error as an Outcome. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { Bench } from './bench';
import type { Outcome, PreparedCase } from './operations';

async function outcomeOf(work: Promise<{ output: INodeExecutionData[][] }>): Promise<Outcome> {
	try {
		return { output: (await work).output[0] };
	} catch (error) {
		return { error };
	}
}

export const json = (outcome: Outcome, index = 0): IDataObject => {
	const item = outcome.output?.[index];
	if (!item) throw new Error(`no output item ${index}`);
	return item.json;
};

export const actionCase = (
	bench: Bench,
	target: PreparedCase['target'],
	parameters: INodeParameters,
	items: Array<{ json?: IDataObject; binary?: Record<string, { data: Buffer; fileName: string; mimeType: string }> }> | undefined,
	succeeded: PreparedCase['succeeded'],
): PreparedCase => ({
	target,
	run: async (credentials) => await outcomeOf(bench.run(parameters, { items, credentials })),
	succeeded,
});
