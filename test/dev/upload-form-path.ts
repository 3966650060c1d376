/** Where the upload-form example's form answers, read from the example itself (its Form Trigger's path). */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const UPLOAD_FORM_EXAMPLE = 'upload-form-document-text.json';

export function uploadFormPath(): string {
	const file = join(resolve(__dirname, '..', '..'), 'examples', UPLOAD_FORM_EXAMPLE);
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Array<{ type: string; parameters: { options?: { path?: string } } }> };
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger');
	if (!trigger?.parameters.options?.path) throw new Error(`${file} has no Form Trigger with a path`);
	return `/form/${trigger.parameters.options.path}`;
}
