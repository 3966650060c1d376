/**
 * Reads the queue-mode n8n's Postgres database from the test process, with the `pg` client n8n
 * itself ships (pure JavaScript, so it loads in the test's Node too). Executions are read the way
 * e2e/lib/executions.ts reads them from SQLite: run data is stored "flatted".
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { RunExecutionData } from '../../e2e/lib/executions';
import { ensureN8n } from '../../e2e/lib/install';
import { sleep } from '../../e2e/lib/proc';

interface PgPool {
	query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
	end(): Promise<void>;
}
type PgModule = { Pool: new (config: Record<string, unknown>) => PgPool };

export interface ExecutionRow {
	id: number;
	status: string;
	mode: string;
	finished: boolean;
	startedAt: Date | null;
	stoppedAt: Date | null;
}

export class QueueDatabase {
	private constructor(
		private readonly pool: PgPool,
		private readonly unflatten: (text: string) => unknown,
	) {}

	static async connect(port: number, user: string, database: string): Promise<QueueDatabase> {
		const install = await ensureN8n();
		const load = createRequire(path.join(install.n8nModules, 'noop.js'));
		const pg = load('pg') as PgModule;
		const flatted = load('flatted') as { parse: (text: string) => unknown };
		return new QueueDatabase(new pg.Pool({ host: '127.0.0.1', port, user, database, max: 4 }), flatted.parse);
	}

	async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
		return (await this.pool.query<T>(text, params)).rows;
	}

	async maxExecutionId(): Promise<number> {
		const [row] = await this.sql<{ max: number | null }>('SELECT MAX(id) AS max FROM execution_entity');
		return Number(row?.max ?? 0);
	}

	async executions(workflowId: string, afterId = 0): Promise<ExecutionRow[]> {
		return await this.sql<ExecutionRow>(
			'SELECT id, status, mode, finished, "startedAt", "stoppedAt" FROM execution_entity WHERE "workflowId" = $1 AND id > $2 ORDER BY id',
			[workflowId, afterId],
		);
	}

	async runData(executionId: number): Promise<RunExecutionData | undefined> {
		const [row] = await this.sql<{ data: string }>('SELECT data FROM execution_data WHERE "executionId" = $1', [executionId]);
		return row ? (this.unflatten(row.data) as RunExecutionData) : undefined;
	}

	/** Waits until `count` executions of the workflow after `afterId` have ended (any status). */
	async waitForEnded(workflowId: string, afterId: number, count: number, timeoutMs: number): Promise<ExecutionRow[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const rows = await this.executions(workflowId, afterId);
			const ended = rows.filter((row) => !['new', 'running', 'waiting'].includes(row.status));
			if (ended.length >= count) return ended;
			if (Date.now() > deadline) {
				throw new Error(`expected ${count} ended execution(s) of workflow ${workflowId}; ${ended.length} ended, ${rows.length} in all`);
			}
			await sleep(250);
		}
	}

	/** Waits until the publication outbox has handled the workflow's entries after `afterId` (see e2e/lib/publish.ts). */
	async waitForPublication(workflowId: string, afterId: number, timeoutMs = 60_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const rows = await this.sql<{ id: number; status: string; errorMessage: string | null }>(
				'SELECT id, status, "errorMessage" FROM workflow_publication_outbox WHERE "workflowId" = $1 AND id > $2 ORDER BY id',
				[workflowId, afterId],
			);
			const failed = rows.find((r) => r.status === 'failed' || r.status === 'partial_success');
			if (failed) throw new Error(`publication of ${workflowId} ended ${failed.status}: ${failed.errorMessage ?? ''}`);
			if (rows.length > 0 && rows.every((r) => r.status === 'completed')) return;
			if (Date.now() > deadline) throw new Error(`publication of ${workflowId} not done: ${JSON.stringify(rows)}`);
			await sleep(100);
		}
	}

	async lastOutboxId(workflowId: string): Promise<number> {
		const [row] = await this.sql<{ max: number | null }>(
			'SELECT MAX(id) AS max FROM workflow_publication_outbox WHERE "workflowId" = $1',
			[workflowId],
		);
		return Number(row?.max ?? 0);
	}

	async close(): Promise<void> {
		await this.pool.end();
	}
}
