// A Postgres with pgvector on loopback for the PGVector tests (test/e2e/lib/pgvector.ts starts
// it): PGlite with the pgvector extension, served over the Postgres protocol by pglite-socket.
// Its own process, because PGlite loads parts of itself with import(), which jest's module
// sandbox refuses. Prints {"port": N} once listening; answers {id, sql, params} messages on its
// IPC channel with {id, rows} or {id, error}; ends when its parent goes away.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const connections = Number(process.argv[2] ?? 32);
const db = await PGlite.create({ extensions: { vector } });
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: connections });
await server.start();
process.on('message', async ({ id, sql, params }) => {
	try {
		process.send({ id, rows: (await db.query(sql, params ?? [])).rows });
	} catch (error) {
		process.send({ id, error: error instanceof Error ? error.message : String(error) });
	}
});
let stopping = false;
const stop = async () => {
	if (stopping) return;
	stopping = true;
	await server.stop();
	await db.close();
	process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.stdout.write(`${JSON.stringify({ port: Number(server.getServerConn().split(':').pop()) })}\n`);
