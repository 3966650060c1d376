/**
 * The PDF worker's entry: every byte of an uploaded PDF is parsed here, in a worker thread of its
 * own heap and time limits (pdfWorkers.ts), never on n8n's thread. It holds the documents it opened
 * until n8n's side closes them, answers each request once, and reads nothing but its messages (no
 * file, no environment variable). Built into one file with pdf-lib (scripts/pdf-worker-bundle.js).
 */
import { parentPort } from 'node:worker_threads';
import { buildRangePdf, loadPdf, type LoadedPdf } from './pdfDocument';
import type { WorkerReply, WorkerRequest } from './pdfWorkerMessages';

const documents = new Map<number, LoadedPdf>();

function messageOf(error: unknown): string {
	return typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : String(error);
}

async function answer(request: Exclude<WorkerRequest, { close: unknown }>): Promise<[WorkerReply, ArrayBuffer[]]> {
	const { job } = request;
	if ('open' in request) {
		const { doc, bytes } = request.open;
		try {
			const reading = await loadPdf(Buffer.from(bytes));
			if ('unreadable' in reading) return [{ job, unreadable: reading.unreadable }, []];
			documents.set(doc, reading.doc);
			return [{ job, pages: reading.doc.getPageCount() }, []];
		} catch (error) {
			return [{ job, unreadable: `pdf-lib could not read it (${messageOf(error)})` }, []];
		}
	}
	const { doc, first, last } = request.cut;
	const source = documents.get(doc);
	if (source === undefined) return [{ job, failed: 'the document is no longer open' }, []];
	try {
		const range = await buildRangePdf(source, { first, last });
		return [{ job, range: range.buffer as ArrayBuffer }, [range.buffer as ArrayBuffer]];
	} catch (error) {
		return [{ job, failed: messageOf(error) }, []];
	}
}

const port = parentPort;
port?.on('message', (request: WorkerRequest) => {
	if ('close' in request) {
		documents.delete(request.close.doc);
		return;
	}
	void answer(request).then(([reply, transfer]) => port.postMessage(reply, transfer));
});
// Loaded: requests may come, and their clocks start now, not while this code was loading.
port?.postMessage({ ready: true } satisfies WorkerReply);
