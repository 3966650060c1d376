/**
 * What n8n's thread and a PDF worker (pdfWorker.ts) say to each other. Bytes travel as transferred
 * ArrayBuffers: the file goes to the worker without a copy, a range PDF comes back without one.
 * A worker says `ready` once, when its code is loaded; every request but `close` gets exactly one
 * answer, and a worker gets its first request once ready and its next only once it answered
 * (pdfWorkers.ts), so each answer's time is that request's own.
 */

export type WorkerRequest =
	| { job: number; open: { doc: number; bytes: ArrayBuffer } }
	| { job: number; cut: { doc: number; first: number; last: number } }
	| { close: { doc: number } };

export type WorkerReply =
	| { ready: true }
	| { job: number; pages: number }
	| { job: number; unreadable: string }
	| { job: number; range: ArrayBuffer }
	| { job: number; failed: string };
