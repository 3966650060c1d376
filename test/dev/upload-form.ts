/**
 * The upload-form example (examples/upload-form-document-text.json) in the `npm run dev` n8n:
 * imported once as the editor saves an imported file (its credential reference resolves by name
 * to the dev credential), then published on every start, so the form's address works at once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { publishWorkflow, type N8nRestSession } from '../e2e/n8n';
import { importExample } from '../e2e/examples/example-import';
import { UPLOAD_FORM_EXAMPLE, uploadFormPath } from './upload-form-path';

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
	return `${rest.baseUrl}${uploadFormPath()}`;
}
