/**
 * Workflow files of test/e2e/workflows/ are plain n8n workflow exports with `%%NAME%%` placeholders
 * for values only known at run time (emulator job ids, credential ids, file paths). `%%...%%` is
 * used because `{{ }}` is n8n's own expression syntax.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WORKFLOWS_DIR } from './config';
import type { WorkflowJson } from './cli';

const PLACEHOLDER = /%%([A-Z0-9_]+)%%/g;

/**
 * Reads `test/e2e/workflows/<name>` (or a path) and fills its placeholders. Values are inserted
 * JSON-escaped inside the strings that hold them. Throws on a placeholder without a value, so a
 * typo cannot reach n8n as a literal.
 */
export function loadWorkflow(nameOrPath: string, vars: Record<string, string | number> = {}): WorkflowJson {
	const file = path.isAbsolute(nameOrPath) ? nameOrPath : path.join(WORKFLOWS_DIR, nameOrPath);
	const text = fs.readFileSync(file, 'utf8');
	const missing = new Set<string>();
	const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
		if (!(name in vars)) {
			missing.add(name);
			return whole;
		}
		return JSON.stringify(String(vars[name])).slice(1, -1);
	});
	if (missing.size > 0) throw new Error(`${file}: no value for ${[...missing].map((m) => `%%${m}%%`).join(', ')}`);
	return JSON.parse(filled) as WorkflowJson;
}
