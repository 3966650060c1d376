/**
 * The upload-form example (examples/upload-form-document-text.json) in the `npm run dev` n8n:
 * imported once as the editor saves an imported file (its credential reference resolves by name
 * to the dev credential, its Form Trigger gets a random webhook id), then published on every start,
 * so the form's address works at once. The address ends in that id, so it is read from the saved
 * workflow: it is the same on every start of one user folder, and differs between folders.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { publishWorkflow, type N8nRestSession } from '../e2e/n8n';
import { formUrl, importExample, type ExampleWorkflow } from '../e2e/examples/example-import';

const UPLOAD_FORM_EXAMPLE = 'upload-form-document-text.json';
const UPLOAD_FORM_TRIGGER = 'Upload a Document';

/** Imports (first time) and publishes the example; returns the form's address. */
export async function publishUploadForm(userFolder: string, rest: N8nRestSession): Promise<string> {
	const marker = path.join(userFolder, 'upload-form-workflow-id');
	let id = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : '';
	const exists = id !== '' && (await rest.getWorkflow(id).then(() => true, () => false));
	if (!exists) {
		id = (await importExample(rest, UPLOAD_FORM_EXAMPLE)).id;
		fs.writeFileSync(marker, id);
	}
	if (!(await rest.getWorkflow(id)).active) await publishWorkflow(rest, userFolder, id);
	const saved = (await rest.getWorkflow(id)) as unknown as ExampleWorkflow;
	return formUrl(rest.baseUrl, saved, UPLOAD_FORM_TRIGGER);
}
