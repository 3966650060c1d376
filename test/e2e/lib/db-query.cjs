#!/usr/bin/env node
// Reads an n8n user folder's SQLite database, read-only. Run by the harness with the Node of the
// n8n install (its sqlite3 binding is built for that Node), one process per database that answers
// every request of a test file (a Node start per read cost about 0.13 CPU s, 500 times a run):
//   N8N_MODULES=<n8n install>/node_modules node db-query.cjs <database.sqlite>
// reads one JSON request per line on stdin and writes one line per request on stdout,
// {"id","result"} or {"id","error"}, in the order asked; it ends when stdin closes (db-reader.ts).
// Requests: {"op":"maxExecutionId"} · {"op":"executions","workflowId"?,"afterId"?,"limit"?}
//           {"op":"execution","id"} (with the run data, un-flatted) · {"op":"sql","sql","params"?}
'use strict';
const path = require('node:path');

const modules = process.env.N8N_MODULES;
if (!modules) throw new Error('N8N_MODULES is not set');
const sqlite3 = require(path.join(modules, 'sqlite3'));
const { parse: unflatten } = require(path.join(modules, 'flatted'));

const [, , dbFile] = process.argv;
// Opened at the first request, not at start: the reader may start before n8n created the file.
let db;
function database() {
	if (!db) {
		db = new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY);
		db.configure('busyTimeout', 10000);
	}
	return db;
}

const all = (sql, params = []) =>
	new Promise((resolve, reject) => database().all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows))));

const SUMMARY_COLUMNS = ['id', 'workflowId', 'status', 'mode', 'finished', 'startedAt', 'stoppedAt', 'storedAt', 'createdAt'];
let summary;
/** The summary columns; one n8n 1.x lacks (storedAt) reads as NULL. */
async function summaryColumns() {
	if (!summary) {
		const present = new Set((await all('PRAGMA table_info(execution_entity)')).map((c) => c.name));
		summary = SUMMARY_COLUMNS.map((c) => (present.has(c) ? `e.${c}` : `NULL AS ${c}`)).join(', ');
	}
	return summary;
}

async function answer(request) {
	switch (request.op) {
		case 'maxExecutionId': {
			const rows = await all('SELECT MAX(id) AS max FROM execution_entity');
			return { max: rows[0].max ?? 0 };
		}
		case 'executions': {
			const where = [];
			const params = [];
			if (request.workflowId !== undefined) {
				where.push('e.workflowId = ?');
				params.push(request.workflowId);
			}
			if (request.afterId !== undefined) {
				where.push('e.id > ?');
				params.push(request.afterId);
			}
			const sql =
				`SELECT ${await summaryColumns()} FROM execution_entity e` +
				(where.length ? ` WHERE ${where.join(' AND ')}` : '') +
				` ORDER BY e.id DESC LIMIT ${Number(request.limit ?? 100)}`;
			return { executions: await all(sql, params) };
		}
		case 'execution': {
			const rows = await all(
				`SELECT ${await summaryColumns()}, d.data AS data, d.workflowData AS workflowData FROM execution_entity e ` +
					'LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.id = ?',
				[request.id],
			);
			if (rows.length === 0) return { execution: null };
			const row = rows[0];
			return {
				execution: {
					...row,
					data: row.data ? unflatten(row.data) : null,
					workflowData: row.workflowData ? JSON.parse(row.workflowData) : null,
				},
			};
		}
		case 'sql':
			return { rows: await all(request.sql, request.params ?? []) };
		default:
			throw new Error(`unknown op ${request.op}`);
	}
}

const errorText = (error) => String(error && error.stack ? error.stack : error);

// One request at a time, in order: the client matches answers to requests by id.
let queue = Promise.resolve();
require('node:readline')
	.createInterface({ input: process.stdin })
	.on('line', (line) => {
		queue = queue.then(async () => {
			let id = null;
			try {
				const message = JSON.parse(line);
				id = message.id;
				process.stdout.write(`${JSON.stringify({ id, result: await answer(message.request) })}\n`);
			} catch (error) {
				process.stdout.write(`${JSON.stringify({ id, error: errorText(error) })}\n`);
			}
		});
	})
	.on('close', () => void queue.finally(() => db?.close()));
