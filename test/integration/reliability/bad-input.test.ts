/**
 * Bad-input matrix: each input is refused with a message that names the field (and the item and
 * file where there is one), and — unless only the service can judge it — before any request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode } from '../../harness';
import { BAD_INPUTS } from './badInputCases';
import { type BadInput, NotAFileInput } from './badInputs/case';
import { Bench } from './bench';
import { leaksIn } from './leaks';

let bench: Bench;
let htmlServer: Server;
let htmlUrl = '';
let htmlHits = 0;
const tally = { cases: 0, beforeAnyRequest: 0, byTheService: 0, otherServer: 0, otherItem: 0 };
const rows: string[] = [];
const WHERE = {
	none: 'before any request',
	service: 'by the service',
	otherItem: 'before its own request (the good item went ahead)',
	otherServer: 'after asking the web page',
};

beforeAll(async () => {
	bench = await Bench.start();
	// A web page where the API should be: what a credential pointing at the account's web UI gets.
	htmlServer = createServer((_req, res) => {
		htmlHits++;
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><body><h1>Sign in</h1></body></html>');
	});
	await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve));
	htmlUrl = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await bench.stop();
	htmlServer.closeAllConnections();
	await new Promise((resolve) => htmlServer.close(resolve));
	process.stdout.write(`\n| bad input | refused | message |\n|---|---|---|\n${rows.join('\n')}\n`);
	process.stdout.write(
		`\nBad-input matrix: ${tally.cases} inputs, each message asserted · ${tally.beforeAnyRequest} refused before any request · ${tally.otherItem} refused before its own request while a good item went ahead · ${tally.otherServer} refused after asking a web page instead of the API · ${tally.byTheService} judged by the service\n\n`,
	);
});

beforeEach(async () => {
	await bench.reset();
	htmlHits = 0;
});

async function failureOf(input: BadInput): Promise<Error & { description?: string | null; context?: { itemIndex?: number } }> {
	const credentials = input.credentials?.(bench.emulator.url, htmlUrl) ?? bench.credentials;
	try {
		if (input.trigger) {
			await bench.hook({ credentials, parameters: input.parameters }).activate();
		} else {
			const items = typeof input.items === 'function' ? await input.items() : input.items;
			const nodeType = input.nodeType === 'notAFile' ? new NotAFileInput() : new DocumentProcessing();
			await executeNode({ nodeType, parameters: input.parameters, items, credentials });
		}
	} catch (error) {
		return error as Error;
	}
	throw new Error(`"${input.name}" was accepted`);
}

it('has at least 30 bad inputs', () => expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(30));

it.each(BAD_INPUTS.map((input) => [input.name, input] as const))('refuses %s', async (_name, input) => {
	const error = await failureOf(input);
	expect(error).toBeInstanceOf(input.apiError ? NodeApiError : NodeOperationError);
	expect(error.message).toMatch(input.message);
	// Every refusal also says what to do about it.
	expect(error.description ?? '').toMatch(/\S/);
	expect(error.context?.itemIndex).toBe(input.itemIndex);
	if (input.mustNotShow) expect(JSON.stringify({ message: error.message, description: error.description })).not.toContain(input.mustNotShow);
	expect(leaksIn(error)).toEqual([]);

	const requests = await bench.requests();
	tally.cases++;
	rows.push(`| ${input.name} | ${WHERE[input.reaches ?? 'none']} | ${error.message.replace(/\|/g, '\\|')} |`);
	if (input.reaches === 'service' || input.reaches === 'otherItem') {
		expect(requests.length).toBeGreaterThan(0);
		if (input.reaches === 'otherItem') {
			// Only the good item's request.
			expect(requests).toHaveLength(1);
			tally.otherItem++;
		} else {
			tally.byTheService++;
		}
	} else {
		expect(requests).toEqual([]);
		if (input.reaches === 'otherServer') {
			expect(htmlHits).toBeGreaterThan(0);
			tally.otherServer++;
		} else {
			tally.beforeAnyRequest++;
		}
	}
});
