/**
 * Real-n8n test harness (n8n 2.40.7 on Node 24, cached install). See test/e2e/README.md.
 *
 *   const e2e = await setupN8nE2e({ label: 'smoke' });          // pack, install, start, owner
 *   const cred = await e2e.importCredential({ name, type: 'documentProcessingApi', data });
 *   const id = await e2e.importWorkflow(loadWorkflow('get-job.json', { JOB_ID, CREDENTIAL_ID: cred.id }));
 *   const run = await e2e.execute(id);
 *   nodeOutputJson(run.data, 'Get Job');
 *   await e2e.close();
 *
 * A suite against the emulator does the setup and teardown in one call:
 *
 *   const suite = useE2eSuite({ label: 'smoke' });             // emulator + the run's shared n8n
 *   const cred = await suite.importEmulatorCredential();       // in a test or a later beforeAll
 *
 * The building blocks are exported too, for suites that need another shape.
 */
export {
	DEFAULT_ENCRYPTION_KEY,
	DEFAULT_OWNER,
	N8N_VERSION,
	PACKAGE_NAME,
	REPO_ROOT,
	WORK_DIR,
	WORKFLOWS_DIR,
} from './lib/config';
export { ensureN8n, type N8nInstall } from './lib/install';
export { packPackage, buildInputsHash } from './lib/pack';
export { createRunDir, pruneRuns } from './lib/workdir';
export { createUserFolder, n8nVersionOf, userFolderPaths } from './lib/user-folder';
export { installPackage, type InstalledPackage, type InstallPackageOptions } from './lib/community-package';
export { n8nEnv } from './lib/n8n-env';
export { startN8n, type N8nInstance, type StartN8nOptions } from './lib/instance';
export {
	executeWorkflow,
	importCredential,
	importCredentials,
	importWorkflow,
	n8nCli,
	n8nId,
	parseExecuteOutput,
	type CliOptions,
	type CredentialInput,
	type ExecutionResult,
	type WorkflowJson,
} from './lib/cli';
export {
	listExecutions,
	maxExecutionId,
	nodeError,
	nodeOutputJson,
	nodeRuns,
	readExecution,
	sql,
	waitForExecutions,
	type ExecutionSummary,
	type NodeRun,
	type RunExecutionData,
	type SavedExecution,
} from './lib/executions';
export {
	N8nRestSession,
	RestError,
	type CredentialTypeDescription,
	type NodeTypeDescription,
	type Owner,
} from './lib/rest';
export { publishWorkflow, unpublishWorkflow, waitForPublication } from './lib/publish';
export { loadWorkflow } from './lib/workflow-file';
export { setupN8nE2e, type E2eN8n, type SetupN8nOptions } from './lib/setup';
export { attachSharedN8n, SHARED_N8N_ENV, startSharedN8n, stopSharedN8n } from './lib/shared';
export {
	E2E_SETUP_TIMEOUT_MS,
	EMULATOR_CREDENTIAL_NAME,
	useE2eSuite,
	type E2eSuite,
	type E2eSuiteOptions,
} from './lib/suite';
export { CommandError, freePort, killAllChildren, run, runOk, type RunResult } from './lib/proc';
