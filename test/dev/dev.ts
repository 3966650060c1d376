/**
 * `npm run dev`: the service emulator on 127.0.0.1:8765 (as `npm run emulator`) and a real n8n
 * 2.40.7 with this package installed from its packed tarball, exactly as a community package, in a
 * user folder kept between runs. The owner account and a credential pointing at the emulator are
 * set up, a sample workflow is imported, and the editor URL is printed. Ctrl-C stops both.
 *
 * Reuses the e2e harness (test/e2e/n8n.ts): the cached Node 24 + n8n, build-and-pack cached by a
 * hash of the sources, the same environment (loopback only, no calls home, fixed encryption key).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../emulator';
import {
	DEFAULT_OWNER,
	ensureN8n,
	importCredential,
	importWorkflow,
	killAllChildren,
	loadWorkflow,
	N8nRestSession,
	packPackage,
	startN8n,
	userFolderPaths,
	type N8nInstance,
} from '../e2e/n8n';
import { installIfChanged, stopLeftoverServer, waitUntilFree } from './dev-folder';
import { publishUploadForm } from './upload-form';
import { parseDevOptions, USAGE, type DevOptions } from './options';

/**
 * Fixed ids, so a restart updates the credential (new emulator port or key) instead of adding one.
 * The name is the one the examples of examples/ reference, so an imported example finds it.
 */
const CREDENTIAL = { id: 'devEmulatorCred1', name: 'Document Processing account' };
const SAMPLE_WORKFLOW_ID = 'devTryMeWorkflow';
const SAMPLES = path.resolve(__dirname, '..', 'demo', 'samples');

const say = (line = ''): void => {
	process.stdout.write(`${line}\n`);
};

let emulator: RunningEmulator | undefined;
let n8n: N8nInstance | undefined;
let stoppingSince: number | undefined;

async function stop(reason: string, code: number): Promise<void> {
	if (stoppingSince !== undefined) {
		// `npm run` forwards the terminal's SIGINT, so one Ctrl-C can arrive twice; only a second
		// Ctrl-C a moment later means "do not wait any longer".
		if (Date.now() - stoppingSince < 1000) return;
		killAllChildren();
		process.exit(code);
	}
	stoppingSince = Date.now();
	say(`\n${reason}: stopping n8n and the emulator…`);
	try {
		await n8n?.stop();
		await emulator?.close();
	} finally {
		killAllChildren();
	}
	say('Stopped.');
	process.exit(code);
}

function onSignals(): void {
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		// The harness kills its children with SIGKILL on these signals; the dev server deserves a clean
		// SIGTERM (n8n closes its database), so once n8n runs only this handler is left.
		for (const listener of process.listeners(signal)) if (listener !== handler) process.removeListener(signal, listener);
		if (!process.listeners(signal).includes(handler)) process.on(signal, handler);
	}
}
function handler(signal: NodeJS.Signals): void {
	void stop(signal, signal === 'SIGINT' ? 0 : 128 + 15);
}

/** The owner session: set up on a fresh folder, logged in afterwards. */
async function ownerSession(url: string): Promise<N8nRestSession | undefined> {
	try {
		return await N8nRestSession.owner(url);
	} catch (error) {
		say(`  (could not log in as ${DEFAULT_OWNER.email}: ${(error as Error).message.split('\n')[0]}; was the password changed in the editor?)`);
		return undefined;
	}
}

async function importSampleWorkflow(userFolder: string, rest: N8nRestSession | undefined): Promise<boolean> {
	const samplesDir = path.join(userFolderPaths(userFolder).filesDir, 'samples');
	fs.mkdirSync(samplesDir, { recursive: true });
	for (const name of fs.readdirSync(SAMPLES)) fs.copyFileSync(path.join(SAMPLES, name), path.join(samplesDir, name));
	// Imported once: later runs keep whatever the user changed in it.
	const exists = await rest?.getWorkflow(SAMPLE_WORKFLOW_ID).then(
		() => true,
		() => false,
	);
	if (exists || !rest) return false;
	const workflow = loadWorkflow(path.join(__dirname, 'try-me.workflow.json'), {
		SAMPLES_GLOB: `${samplesDir}/*`,
		CREDENTIAL_ID: CREDENTIAL.id,
		CREDENTIAL_NAME: CREDENTIAL.name,
	});
	await importWorkflow(userFolder, { ...workflow, id: SAMPLE_WORKFLOW_ID });
	return true;
}

async function main(options: DevOptions): Promise<void> {
	process.on('SIGINT', handler);
	process.on('SIGTERM', handler);
	if (options.fresh) fs.rmSync(options.userFolder, { recursive: true, force: true });
	const leftover = stopLeftoverServer(options.userFolder);
	if (leftover) say('Stopping an n8n left running by an earlier `npm run dev`…');
	await waitUntilFree(options.n8nPort, leftover ? 20_000 : 0);

	try {
		emulator = await startEmulator({ port: options.emulatorPort, apiKey: options.apiKey, config: { job_duration_ms: 2000 } });
	} catch (error) {
		throw new Error(`the emulator could not listen on 127.0.0.1:${options.emulatorPort} (${(error as Error).message}); is \`npm run emulator\` running? Use --emulator-port`);
	}
	say(`Emulator on ${emulator.url} (API key "${options.apiKey}")`);

	say('Preparing n8n (the first run installs Node 24 and n8n into ~/.cache: several minutes) and packing the package…');
	const [install, tarball] = await Promise.all([ensureN8n(), packPackage()]);
	const { installed, reinstalled } = await installIfChanged(options.userFolder, tarball);
	say(`${reinstalled ? 'Installed' : 'Already installed:'} ${installed.name}@${installed.version} (${path.basename(tarball)}) in ${installed.directory}`);

	say(`Starting n8n ${install.version}…`);
	n8n = await startN8n({ userFolder: options.userFolder, port: options.n8nPort });
	onSignals();
	const rest = await ownerSession(n8n.url);
	const credentialData = { apiKey: options.apiKey, baseUrl: emulator.url, partitionUrl: emulator.partitionUrl, allowHttpWebhooksOnLoopback: true };
	await importCredential(options.userFolder, { ...CREDENTIAL, type: 'documentProcessingApi', data: credentialData });
	const tested = await rest
		?.testCredential({ name: CREDENTIAL.name, type: 'documentProcessingApi', data: credentialData })
		.catch((error: Error) => ({ status: 'Error', message: error.message }));
	const sampleImported = await importSampleWorkflow(options.userFolder, rest);
	const formUrl = rest && (await publishUploadForm(options.userFolder, rest).catch((error: Error) => `(not published: ${error.message.split('\n')[0]})`));

	const { filesDir } = userFolderPaths(options.userFolder);
	say('');
	say(`n8n is running with ${installed.name}@${installed.version}`);
	say(`  Editor:      ${n8n.url}/`);
	say(`  Log in:      ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}`);
	say(`  Credential:  "${CREDENTIAL.name}" → ${emulator.url}${tested ? ` (test: ${tested.status})` : ''}`);
	say(`  Workflow:    "Document Processing: try me" ${sampleImported ? '(imported)' : '(kept from an earlier run)'}: ${n8n.url}/workflow/${SAMPLE_WORKFLOW_ID}`);
	if (formUrl) say(`  Upload form: ${formUrl}  (examples/upload-form-document-text.json: upload a file, see its text)`);
	say(`  Emulator:    ${emulator.url}  (state: ${emulator.url}/_emulator/state, e-mail codes: ${emulator.url}/_emulator/outbox)`);
	say(`  Files:       Read Files from Disk may read below ${filesDir}`);
	say(`  User folder: ${options.userFolder}  (--fresh starts over)`);
	say(`  n8n log:     ${n8n.logFile}`);
	say('');
	say('Changed the nodes? Ctrl-C and run `npm run dev` again: it rebuilds and reinstalls the package.');
	say('Press Ctrl-C to stop n8n and the emulator.');

	const pid = n8n.pid;
	const watch = setInterval(() => {
		try {
			process.kill(pid, 0);
		} catch {
			clearInterval(watch);
			say(`\nn8n exited on its own; last lines of ${n8n?.logFile ?? 'its log'}:\n${n8n?.logTail(30) ?? ''}`);
			void stop('n8n exited', 1);
		}
	}, 2000);
}

let options: DevOptions;
try {
	if (process.argv.includes('--help') || process.argv.includes('-h')) {
		say(USAGE);
		process.exit(0);
	}
	options = parseDevOptions(process.argv.slice(2));
} catch (error) {
	process.stderr.write(`${(error as Error).message}\n`);
	process.exit(2);
}
main(options).catch(async (error: unknown) => {
	process.stderr.write(`\nnpm run dev failed: ${(error as Error).message}\n`);
	await stop('error', 1);
});
