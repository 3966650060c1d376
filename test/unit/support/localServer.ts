/** A loopback HTTP server for transport tests: started on a free port, stopped with every pooled connection. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError } from 'n8n-workflow';
import { closeAllPools } from '../../../nodes/DocumentProcessing/transport';
import { freePort } from '../../e2e/lib/proc';

/** Starts the server on a free loopback port and returns its base URL. */
export async function listenLocal(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the transport's pools and the server, connections included. */
export async function stopLocal(server: Server): Promise<void> {
	await closeAllPools();
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
}

/**
 * A loopback port nothing listens on (it was free a moment ago): connecting to it is refused. Below
 * the kernel's ephemeral range, where no other test's listen(0) can take it meanwhile.
 */
export async function refusingPort(): Promise<number> {
	return await freePort();
}

/** The NodeApiError a call was expected to end with; a call that succeeds fails the test. */
export async function apiFailure(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected a failure');
}
