/** What a bad-input case is, the builders the groups share, and the node that hands over a binary without data. */
import type { IExecuteFunctions, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../../nodes/DocumentProcessing/DocumentProcessing.node';
import type { HarnessItem } from '../../../harness';
import type { Credentials } from '../bench';

export interface BadInput {
	name: string;
	parameters: INodeParameters;
	items?: HarnessItem[] | (() => Promise<HarnessItem[]>);
	/** Credentials other than the emulator's (a malformed credential, an HTML page). */
	credentials?: (emulatorUrl: string, htmlUrl: string) => Credentials;
	/** Runs the trigger's activation instead of the action node. */
	trigger?: boolean;
	nodeType?: 'notAFile';
	message: RegExp;
	/** The item the error must name (undefined: the error concerns no item). */
	itemIndex?: number;
	/** What the message must not contain (e.g. the secret it is about). */
	mustNotShow?: string;
	/**
	 * Where requests may go. Default: nowhere, the input is refused before any request. `service`:
	 * only the service can judge it; `otherItem`: the bad item sends nothing but a good item beside
	 * it goes ahead; `otherServer`: the credential points elsewhere (the HTML page), so nothing
	 * reaches the emulator either.
	 */
	reaches?: 'service' | 'otherItem' | 'otherServer';
	/** A NodeApiError (an answer of the service or of the page) rather than the node's own NodeOperationError. */
	apiError?: boolean;
}

export const file = (name: string, content: Buffer | string, mimeType = 'text/markdown') => ({
	data: typeof content === 'string' ? Buffer.from(content) : content,
	fileName: name,
	mimeType,
});
export const md = (name = 'report.md') => file(name, `# ${name}\n\nSome text.`);
export const oneFile: HarnessItem[] = [{ json: {}, binary: { data: md() } }];
export const create = (extra: INodeParameters): INodeParameters => ({ resource: 'job', operation: 'create', ...extra });
export const partition = (extra: INodeParameters): INodeParameters => ({ resource: 'document', operation: 'partition', ...extra });
export const fromJson = (expression: string) => `={{ $json.${expression} }}`;
export const otherSource = (configJson: string): INodeParameters => ({
	resource: 'source',
	operation: 'create',
	sourceName: 'S3',
	connectorTypeId: 'other',
	otherTypeName: 's3',
	connectorConfigJson: configJson,
});

/** Eleven files in one item (one over the per-job limit), and the Input Binary Field naming them all. */
const elevenNames = Array.from({ length: 11 }, (_, index) => `f${index}`);
export const elevenFiles = {
	binaryPropertyName: elevenNames.join(','),
	items: (): HarnessItem[] => [{ json: {}, binary: Object.fromEntries(elevenNames.map((name) => [name, md(`${name}.md`)])) }],
};

/** A node whose input item names a binary property holding metadata only, as a faulty upstream node could leave it. */
export class NotAFileInput extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		for (const item of this.getInputData()) {
			if (item.binary) item.binary.data = { mimeType: 'text/plain', fileName: 'notes.txt' } as unknown as NonNullable<INodeExecutionData['binary']>[string];
		}
		return await DocumentProcessing.prototype.execute.call(this);
	}
}
