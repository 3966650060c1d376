/**
 * File URL input (issue 17): Partition File and Create Job / Process Files download the file
 * themselves, streamed into n8n's binary store with the 50 MB limit, and refuse private and
 * loopback addresses unless Allow Private Network URLs is on. The emulator's file host serves the
 * files (on loopback, so these tests turn the option on except where they test the refusal).
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { executeNode, type HarnessBinaryMode, type HarnessItem } from '../harness';
import { failure, startTestService, type TestService } from './support/service';

const PARTITION_PATH = '/general/v0/general';
const MB = 1024 * 1024;

let service: TestService;
beforeAll(async () => {
	service = await startTestService({ job_duration_ms: 200, schedule_delay_ms: 20 });
	await host('guide.md', '# Guide\n\nStep one.\n\n- first\n- second\n', 'text/markdown');
	await host('notes.txt', 'Plain notes about the quarter.', 'text/plain');
});
afterAll(async () => await service.stop());
beforeEach(async () => {
	await service.control('reset', { body: {} });
	service.emulator.setConfig({ job_duration_ms: 200, schedule_delay_ms: 20 });
});

async function host(name: string, content: string, type: string): Promise<void> {
	const response = await fetch(fileUrl(name), { method: 'PUT', headers: { 'content-type': type }, body: content });
	expect(response.status).toBe(201);
}

function fileUrl(name: string, query = ''): string {
	return `${service.emulator.url}/_emulator/files/${name}${query}`;
}

async function downloads(name: string): Promise<number> {
	const { files } = await service.control<{ files: Array<{ name: string; downloads: number }> }>('files');
	return files.find((file) => file.name === name)?.downloads ?? 0;
}

const fromUrl = (url: string, allowPrivateUrls = true): INodeParameters => ({ inputSource: 'url', fileUrl: url, options: { allowPrivateUrls } });

async function run(parameters: INodeParameters, options: { items?: HarnessItem[]; binaryMode?: HarnessBinaryMode; continueOnFail?: boolean } = {}) {
	return await executeNode({ nodeType: new DocumentProcessing(), parameters, credentials: service.credentials, ...options });
}

const partition = (parameters: INodeParameters): INodeParameters => ({ resource: 'document', operation: 'partition', partitionStrategy: 'fast', ...parameters });

describe('File URL input: Partition File', () => {
	it.each<HarnessBinaryMode>(['filesystem', 'default'])('downloads the file and sends it with its name and type (%s binary mode)', async (binaryMode) => {
		const before = await downloads('guide.md');
		const result = await run(partition({ ...fromUrl(fileUrl('guide.md')), outputMode: 'files' }), { binaryMode });
		const [file] = result.output[0].map((item) => item.json);
		expect(file).toMatchObject({ file_name: 'guide.md', source_url: fileUrl('guide.md'), element_count: 4 });
		expect(result.output[0][0].pairedItem).toEqual({ item: 0 });
		const [request] = await service.requests(PARTITION_PATH);
		expect(request.files[0]).toMatchObject({ filename: 'guide.md', content_type: 'text/markdown' });
		expect(await downloads('guide.md')).toBe(before + 1);
	});

	it('takes several URLs, follows redirects and reads bodies without a length', async () => {
		const urls = [fileUrl('guide.md', '?redirect=1'), fileUrl('notes.txt', '?chunked=1')].join('\n');
		const result = await run(partition({ ...fromUrl(urls), outputMode: 'files' }));
		expect(result.output[0].map((item) => item.json.file_name)).toEqual(['guide.md', 'notes.txt']);
		expect(result.output[0][1].json.source_url).toBe(fileUrl('notes.txt'));
	});

	it('takes the URL from an expression per item', async () => {
		const items: HarnessItem[] = [{ json: { link: fileUrl('guide.md') } }, { json: { link: fileUrl('notes.txt') } }];
		const result = await run(partition({ ...fromUrl('={{ $json.link }}'), outputMode: 'files' }), { items });
		expect(result.output[0].map((item) => [item.json.file_name, item.pairedItem])).toEqual([
			['guide.md', { item: 0 }],
			['notes.txt', { item: 1 }],
		]);
	});
});

describe('File URL input: refusals', () => {
	it.each([
		['a loopback IP', (url: string) => url],
		['a name that resolves to loopback', (url: string) => url.replace('127.0.0.1', 'localhost')],
		['an IPv4-mapped IPv6 loopback', (url: string) => url.replace('127.0.0.1', '[::ffff:127.0.0.1]')],
	])('refuses %s unless private URLs are allowed, before any byte is fetched', async (_label, rewrite) => {
		const before = await downloads('guide.md');
		const error = await failure(run(partition(fromUrl(rewrite(fileUrl('guide.md')), false))));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/private or loopback address/);
		expect(error.description).toMatch(/Allow Private Network URLs/);
		expect(error.context.itemIndex).toBe(0);
		expect(await downloads('guide.md')).toBe(before);
		expect(await service.requests(PARTITION_PATH)).toHaveLength(0);
	});

	it('refuses a declared length over 50 MB without reading the body', async () => {
		const url = fileUrl('_generated/huge.pdf', `?bytes=${51 * MB}&declare=${51 * MB}`);
		const error = await failure(run(partition(fromUrl(url))));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/over the service's 50 MB limit/);
		expect(error.message).toContain('/_emulator/files/_generated/huge.pdf');
		expect(error.message).not.toContain('bytes=');
	});

	it('stops a body without a length once it passes 50 MB', async () => {
		const error = await failure(run(partition(fromUrl(fileUrl('_generated/endless.txt', `?bytes=${60 * MB}`)))));
		expect(error.message).toMatch(/over the service's 50 MB limit/);
		expect(await service.requests(PARTITION_PATH)).toHaveLength(0);
	});

	it('reports the status of a failed download', async () => {
		const error = await failure(run(partition(fromUrl(fileUrl('missing.pdf')))));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/Could not download the file at .*missing\.pdf: the server answered HTTP 404/);
		expect((error as NodeApiError).httpCode).toBe('404');
	});

	it.each([
		['ftp://example.com/file.pdf', /must start with http/],
		['not a url', /not a valid file URL/],
		['={{ "" }}', /File URL field is empty/],
	])('refuses %j before any request', async (url, message) => {
		const error = await failure(run(partition(fromUrl(url))));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
	});

	it('names the address when nothing listens there', async () => {
		const error = await failure(run(partition(fromUrl('http://127.0.0.1:9/report.pdf'))));
		expect(error.message).toMatch(/Could not download the file at http:\/\/127\.0\.0\.1:9\/report\.pdf \(connection refused/);
	});

	it('keeps the other items with continue-on-fail', async () => {
		const items: HarnessItem[] = [{ json: { link: fileUrl('missing.txt') } }, { json: { link: fileUrl('notes.txt') } }];
		const result = await run(partition({ ...fromUrl('={{ $json.link }}'), outputMode: 'files' }), { items, continueOnFail: true });
		expect(result.output[0].map((item) => item.json.error ?? item.json.file_name)).toEqual([expect.stringMatching(/HTTP 404/), 'notes.txt']);
	});
});

describe('File URL input: jobs', () => {
	it('Create Job uploads the downloaded files and records where they came from', async () => {
		const urls = `${fileUrl('guide.md')} ${fileUrl('notes.txt')}`;
		const result = await run({ resource: 'job', operation: 'create', ...fromUrl(urls) });
		const job = result.output[0][0].json;
		expect(job.input_files).toEqual([
			expect.objectContaining({ file_name: 'guide.md', source_url: fileUrl('guide.md'), mime_type: 'text/markdown' }),
			expect.objectContaining({ file_name: 'notes.txt', source_url: fileUrl('notes.txt'), mime_type: 'text/plain' }),
		]);
		const [launch] = (await service.requests('/api/v1/jobs')).filter((request) => request.method === 'POST');
		expect(launch.files.map((file) => file.filename)).toEqual(['guide.md', 'notes.txt']);
	});

	it('Process Files from a URL gives the output as text', async () => {
		const result = await run({ resource: 'job', operation: 'process', ...fromUrl(fileUrl('guide.md')), options: { allowPrivateUrls: true, outputMode: 'text' } });
		const [file] = result.output[0].map((item) => item.json);
		expect(file).toMatchObject({ input_file_name: 'guide.md', truncated: false });
		expect(file.text).toBe('# Guide\n\nStep one.\n\n- first\n\n- second');
	});
});
