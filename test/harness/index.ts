/**
 * Integration-test harness: runs this package's nodes through n8n-core's real execution
 * engine and node contexts (ExecuteContext via WorkflowExecute, HookContext, WebhookContext)
 * with binary data in filesystem mode. See README.md in this folder.
 */
export type { ExecuteOptions, ExecuteResult, HarnessItem } from './execute';
export { executeNode } from './execute';

export type { HarnessBinary } from './binary';
export { binaryFilePath, readBinaryData } from './binary';

export type { HarnessCredentials } from './credentials';

export type { HarnessBinaryMode } from './env';
export { disposeHarness, getHarnessPaths } from './env';

export type { HarnessQuery, HarnessRequest } from './http';
export { HarnessResponse } from './http';

export type { HarnessWebhookMode } from './webhook-setup';
export type { HookHarness, HookHarnessOptions } from './hook-harness';
export { createHookHarness } from './hook-harness';
export type { HookRequest, RunWebhookOptions, RunWebhookResult } from './run-webhook';
export { runWebhook } from './run-webhook';

export type { AnyNodeType } from './node-types';
export { fullNodeTypeName } from './node-types';

export type { HarnessNodeSettings } from './workflow';
export type { ListSearchOptions } from './list-search';
export { runListSearch } from './list-search';
