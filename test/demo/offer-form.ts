/**
 * The end of `npm run demo`: the offer to try the upload-form example in a real n8n. With `--form`
 * (or "y" on a terminal) it hands over to `npm run dev`, which starts the emulator and n8n with the
 * package, publishes the example and prints the form's address; Ctrl-C stops both. The address is
 * not known before: it ends in the random id n8n's import gives the form (as for any user). Without a
 * terminal (CI, a script) the demo only prints the offer, so `npm ci && npm run demo` still ends.
 */
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

async function accepted(args: string[]): Promise<boolean> {
	if (args.includes('--form')) return true;
	if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
	const prompt = createInterface({ input: process.stdin, output: process.stdout });
	try {
		return /^y(es)?$/i.test((await prompt.question('Start it now? [y/N] ')).trim());
	} finally {
		prompt.close();
	}
}

/** Prints the offer; runs `npm run dev` when it is taken. Returns the exit code to end with. */
export async function offerUploadForm(say: (line?: string) => void, args: string[]): Promise<number> {
	say('\nTry it as a web page: the upload-form example (examples/upload-form-document-text.json) in a real n8n');
	say('with this package, against the emulator. The first start installs Node 24 and n8n into ~/.cache (several minutes).');
	say('  Its address ends in a random id, as every imported form\'s does: npm run dev prints it (run it with: npm run demo -- --form, or npm run dev).');
	if (!(await accepted(args))) return 0;
	say(`\nStarting n8n and the emulator (npm run dev); open the "Upload form" address it prints when n8n is running. Ctrl-C stops both.\n`);
	const tsNode = join(root, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const dev = spawnSync(process.execPath, [tsNode, '--transpile-only', join(root, 'test', 'dev', 'dev.ts')], { cwd: root, stdio: 'inherit' });
	return dev.status ?? 1;
}
