/** The bad-input table: each input, the message it must produce, and whether a request may go out. */
import type { IExecuteFunctions, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { DocumentProcessing } from '../../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DEFAULT_WORKFLOW_ID } from '../../emulator';
import { makePdf } from '../../emulator/test-support/pdf-fixtures';
import type { HarnessItem } from '../../harness';
import { type Credentials, credentialsFor, NOWHERE, SECRET_PLAINTEXT } from './bench';

export interface BadInput {
	name: string;
	parameters: INodeParameters;
	items?: HarnessItem[] | (() => Promise<HarnessItem[]>);
	/** Credentials other than the emulator's (a malformed credential, an HTML page). */
	credentials?: (emulatorUrl: string, htmlUrl: string) => Credentials;
	/** Runs the trigger's activation instead of the action node. */
	trigger?: boolean;
	nodeType?: 'notAFile';
	message: RegExp;
	/** The item the error must name (undefined: the error concerns no item). */
	itemIndex?: number;
	/** What the message must not contain (e.g. the secret it is about). */
	mustNotShow?: string;
	/**
	 * Where requests may go. Default: nowhere, the input is refused before any request. `service`:
	 * only the service can judge it; `otherItem`: the bad item sends nothing but a good item beside
	 * it goes ahead; `otherServer`: the credential points elsewhere (the HTML page), so nothing
	 * reaches the emulator either.
	 */
	reaches?: 'service' | 'otherItem' | 'otherServer';
	/** A NodeApiError (an answer of the service or of the page) rather than the node's own NodeOperationError. */
	apiError?: boolean;
}

const file = (name: string, content: Buffer | string, mimeType = 'text/markdown') => ({
	data: typeof content === 'string' ? Buffer.from(content) : content,
	fileName: name,
	mimeType,
});
const md = (name = 'report.md') => file(name, `# ${name}\n\nSome text.`);
const oneFile: HarnessItem[] = [{ json: {}, binary: { data: md() } }];
const create = (extra: INodeParameters): INodeParameters => ({ resource: 'job', operation: 'create', ...extra });
const partition = (extra: INodeParameters): INodeParameters => ({ resource: 'document', operation: 'partition', ...extra });
const rawPipeline = (jobNodes: unknown): INodeParameters =>
	create({ pipelineMode: 'json', jobNodesJson: typeof jobNodes === 'string' ? jobNodes : JSON.stringify(jobNodes) });
const vlm = { name: 'P', type: 'partition', subtype: 'vlm', settings: { is_dynamic: true, allow_fast: true } };
const llmStep = (jsonSchema: string): INodeParameters => create({ steps: { step: [{ kind: 'llm', jsonSchema }] } });
const webhookChannel = (extra: INodeParameters): INodeParameters => ({
	resource: 'notificationChannel',
	operation: 'create',
	scope: 'workspace',
	channelType: 'webhook',
	url: `${NOWHERE}/hook`,
	eventTypes: ['job.completed'],
	...extra,
});
const fromJson = (expression: string) => `={{ $json.${expression} }}`;
const workflowFromJson = { __rl: true, mode: 'id', value: fromJson('workflow') };
const goodCredentials = (url: string) => credentialsFor(url);
const otherSource = (configJson: string): INodeParameters => ({
	resource: 'source',
	operation: 'create',
	sourceName: 'S3',
	connectorType: 'other',
	customType: 's3',
	configJson,
});

/** A node whose input item names a binary property holding metadata only, as a faulty upstream node could leave it. */
export class NotAFileInput extends DocumentProcessing {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		for (const item of this.getInputData()) {
			if (item.binary) item.binary.data = { mimeType: 'text/plain', fileName: 'notes.txt' } as unknown as NonNullable<INodeExecutionData['binary']>[string];
		}
		return await DocumentProcessing.prototype.execute.call(this);
	}
}

const elevenNames = Array.from({ length: 11 }, (_, index) => `f${index}`);

export const BAD_INPUTS: BadInput[] = [
	// Files and binary properties
	{
		name: '11 files in one item',
		parameters: create({ binaryPropertyName: elevenNames.join(',') }),
		items: [{ json: {}, binary: Object.fromEntries(elevenNames.map((name) => [name, md(`${name}.md`)])) }],
		message: /^Item 0 has 11 files; a job takes at most 10$/,
		itemIndex: 0,
	},
	{
		name: 'a 51 MB file',
		parameters: create({}),
		items: [{ json: {}, binary: { data: file('big.md', Buffer.alloc(51 * 1024 * 1024, 0x61)) } }],
		message: /^The file is 51\.0 MB, over the service's 50 MB limit \(item 0, binary property "data", file "big\.md"\)$/,
		itemIndex: 0,
	},
	{
		name: 'an empty file on the second item (Combine Items)',
		parameters: create({ batchMode: 'combine' }),
		items: [{ json: {}, binary: { data: md() } }, { json: {}, binary: { data: file('empty.md', '') } }],
		message: /^The file is empty \(item 1, binary property "data", file "empty\.md"\)$/,
		itemIndex: 1,
	},
	{
		name: 'a missing binary property',
		parameters: create({ binaryPropertyName: 'attachment' }),
		items: oneFile,
		message: /^Item 0 has no binary property "attachment"$/,
		itemIndex: 0,
	},
	{
		name: 'an item without any binary data (Use All Binary Properties)',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, allBinaryProperties: true },
		items: [{ json: { name: 'no file' } }],
		message: /^Item 0 has no binary data$/,
		itemIndex: 0,
	},
	{
		name: 'a blank Input Binary Field',
		parameters: partition({ binaryPropertyName: ' , ' }),
		items: oneFile,
		message: /^The Binary Property field is empty$/,
		itemIndex: 0,
	},
	{
		name: 'a file URL on a loopback address (private URLs not allowed)',
		parameters: create({ inputSource: 'url', fileUrl: 'http://127.0.0.1:1/report.pdf' }),
		message: /^The file URL http:\/\/127\.0\.0\.1:1\/report\.pdf points to a private or loopback address \(127\.0\.0\.1\)$/,
		itemIndex: 0,
	},
	{
		name: 'a file URL that is not http(s)',
		parameters: partition({ inputSource: 'url', fileUrl: 'file:///etc/passwd' }),
		message: /^File URLs must start with http:\/\/ or https:\/\/, not file:$/,
		itemIndex: 0,
	},
	{
		name: 'a binary property that is not a file',
		nodeType: 'notAFile',
		parameters: partition({}),
		items: oneFile,
		message: /^The binary property "data" of item 0 is not a file$/,
		itemIndex: 0,
	},
	// Pipelines
	{ name: 'invalid JSON in raw pipeline mode', parameters: rawPipeline('[{"type": '), items: oneFile, message: /^Invalid pipeline — Job Nodes \(JSON\): not valid JSON/, itemIndex: 0 },
	{ name: 'an empty raw pipeline', parameters: rawPipeline([]), items: oneFile, message: /Job Nodes \(JSON\): expected a non-empty array of job nodes/, itemIndex: 0 },
	{
		name: 'a pipeline without a partition node first',
		parameters: rawPipeline([{ name: 'OCR', type: 'prompter', subtype: 'provider_ocr', settings: {} }, vlm]),
		items: oneFile,
		message: /Job Nodes \(JSON\) › job_nodes\[0\]: the first node must be a partition node$/,
		itemIndex: 0,
	},
	{
		name: 'a second partition node',
		parameters: rawPipeline([vlm, vlm]),
		items: oneFile,
		message: /job_nodes\[1\]: only the first node may be a partition node$/,
		itemIndex: 0,
	},
	{
		name: 'an unknown subtype',
		parameters: rawPipeline([{ ...vlm, subtype: 'magic' }]),
		items: oneFile,
		message: /job_nodes\[0\]: unknown subtype "magic" for partition; expected one of vlm, service_api$/,
		itemIndex: 0,
	},
	{
		name: 'an unknown node type',
		parameters: rawPipeline([vlm, { name: 'S', type: 'summariser', subtype: 'x', settings: {} }]),
		items: oneFile,
		message: /job_nodes\[1\]: unknown type "summariser"/,
		itemIndex: 0,
	},
	{
		name: 'a partition node without settings',
		parameters: rawPipeline([{ name: 'P', type: 'partition', subtype: 'vlm' }]),
		items: oneFile,
		message: /job_nodes\[0\]: "settings" is required for vlm$/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema that is not JSON',
		parameters: llmStep('{"type": "object", '),
		items: oneFile,
		message: /^Invalid pipeline — Step 1 \(Structured Data Extractor\) › JSON Schema: not valid JSON/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema that is not a schema',
		parameters: llmStep('[1, 2]'),
		items: oneFile,
		message: /Step 1 \(Structured Data Extractor\) › JSON Schema: a JSON Schema must be a JSON object/,
		itemIndex: 0,
	},
	{
		name: 'a json_schema with an unknown type',
		parameters: llmStep('{"type": "banana"}'),
		items: oneFile,
		message: /Step 1 \(Structured Data Extractor\) › JSON Schema: "type" must be one of object, array/,
		itemIndex: 0,
	},
	{
		name: 'a raw json_schema that is not JSON',
		parameters: rawPipeline([vlm, { name: 'X', type: 'structured_data_extractor', subtype: 'llm', settings: { schema_to_extract: { json_schema: '{oops' } } }]),
		items: oneFile,
		message: /job_nodes\[1\] "X" › json_schema: not valid JSON/,
		itemIndex: 0,
	},
	{
		name: 'a poll interval under a second',
		parameters: { resource: 'job', operation: 'waitForCompletion', jobId: DEFAULT_WORKFLOW_ID, waitOptions: { maxPollIntervalSeconds: 0.5 } },
		message: /^Waiting › the poll interval must be at least 1 second and the timeout positive$/,
		itemIndex: 0,
	},
	// Identifiers
	{
		name: 'a workflow id that is not an id (second item)',
		parameters: { resource: 'workflow', operation: 'run', workflowId: workflowFromJson, sendFiles: false },
		items: [{ json: { workflow: DEFAULT_WORKFLOW_ID } }, { json: { workflow: 'not-an-id' } }],
		message: /^Workflow "not-an-id" is not a workflow ID or a URL containing one$/,
		itemIndex: 1,
		// The first item is fine and runs its workflow.
		reaches: 'otherItem',
	},
	{
		name: 'a workflow URL without an id',
		parameters: { resource: 'notificationChannel', operation: 'getAll', scope: 'workflow', workflowId: workflowFromJson, channelType: 'webhook' },
		items: [{ json: { workflow: 'https://platform.docservice.example/app/workflows/' } }],
		message: /^Workflow "https:\/\/platform\.docservice\.example\/app\/workflows\/" is not a workflow ID or a URL containing one$/,
		itemIndex: 0,
	},
	{ name: 'a job id that is not a UUID', parameters: { resource: 'job', operation: 'get', jobId: '12345' }, message: /^Job ID "12345" is not a valid ID$/, itemIndex: 0 },
	{ name: 'a blank job id', parameters: { resource: 'job', operation: 'downloadOutput', jobId: '   ' }, message: /^Job ID is empty$/, itemIndex: 0 },
	{
		name: 'a blank output file id',
		parameters: { resource: 'job', operation: 'downloadOutput', jobId: DEFAULT_WORKFLOW_ID, fileSelection: 'one', fileId: '  ' },
		message: /^File ID is empty$/,
		itemIndex: 0,
	},
	{
		name: 'a channel id with a space',
		parameters: { resource: 'notificationChannel', operation: 'get', scope: 'workspace', channelId: 'abc def' },
		message: /^Channel ID "abc def" is not a valid ID$/,
		itemIndex: 0,
	},
	{ name: 'a notification id with a slash', parameters: { resource: 'notification', operation: 'get', notificationId: 'a/b' }, message: /^Notification ID "a\/b" is not a valid ID$/, itemIndex: 0 },
	{
		name: 'a job list filter whose workflow is no UUID',
		parameters: { resource: 'job', operation: 'getAll', filters: { workflowId: 'my workflow' } },
		message: /^Filters → Workflow ID "my workflow" is not a valid ID$/,
		itemIndex: 0,
	},
	{
		name: 'a job list filter with an unknown status',
		parameters: { resource: 'job', operation: 'getAll', filters: { status: '={{ "RUNNING" }}' } },
		message: /^Filters → Status "RUNNING" is not a job status$/,
		itemIndex: 0,
	},
	{
		name: 'a channel update with nothing to change',
		parameters: { resource: 'notificationChannel', operation: 'update', scope: 'workspace', channelId: 'c1', updateFields: {} },
		message: /^Nothing to update$/,
		itemIndex: 0,
	},
	// Channels and events
	{
		name: 'an e-mail address without @',
		parameters: { ...webhookChannel({}), channelType: 'email', recipientEmail: 'ops.example.com' },
		message: /^Recipient E-Mail "ops\.example\.com" is not an e-mail address$/,
		itemIndex: 0,
	},
	{
		name: 'a verification code of 5 digits',
		parameters: { resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: 'c1', code: '12345' },
		message: /^Verification Code has 5 digits: it must be exactly six digits$/,
		itemIndex: 0,
	},
	{
		name: 'a verification code with letters',
		parameters: { resource: 'notificationChannel', operation: 'verify', scope: 'workspace', channelId: 'c1', code: '12a456' },
		message: /^Verification Code contains characters other than digits: it must be exactly six digits$/,
		itemIndex: 0,
	},
	{ name: 'an empty event type list', parameters: webhookChannel({ eventTypes: '={{ [] }}' }), message: /^Event Types is empty$/, itemIndex: 0 },
	{ name: 'an unknown event type', parameters: webhookChannel({ eventTypes: '={{ ["job.exploded"] }}' }), message: /^Event Types contains an unknown event: job\.exploded$/, itemIndex: 0 },
	{ name: 'a webhook URL that is not http(s)', parameters: webhookChannel({ url: 'ftp://example.com/hook' }), message: /^URL "ftp:\/\/example\.com\/hook" is not an http\(s\) address$/, itemIndex: 0 },
	{ name: 'a trigger with no events', trigger: true, parameters: { events: '={{ [] }}' }, message: /^Events is empty$/ },
	// Partitioning
	{ name: 'a bad concurrency level', parameters: partition({ splitPdfConcurrencyLevel: 0 }), items: oneFile, message: /^Concurrency must be a whole number of at least 1, not "0"$/, itemIndex: 0 },
	{
		name: 'a page range whose end is before its start',
		parameters: partition({ options: { pageRange: '20-5' } }),
		items: oneFile,
		message: /^Page Range: "20-5": the last page comes before the first$/,
		itemIndex: 0,
	},
	{
		name: 'a page range past the end of the PDF',
		parameters: partition({ options: { pageRange: '5-9' } }),
		items: async () => [{ json: {}, binary: { data: file('two-pages.pdf', Buffer.from(await makePdf([{ title: 'One' }, { title: 'Two' }])), 'application/pdf') } }],
		message: /^Page Range does not fit file "two-pages\.pdf": it starts at page 5, but the document has 2 pages$/,
		itemIndex: 0,
	},
	{ name: 'a language that is not a code', parameters: partition({ options: { languages: 'eng, english!' } }), items: oneFile, message: /^Languages: "english!" is not a language code$/, itemIndex: 0 },
	{
		name: 'a chunk size of 0',
		parameters: partition({ chunkingStrategy: 'by_title', maxCharacters: 0 }),
		items: oneFile,
		message: /^Max Characters must be a whole number of at least 1, not "0"$/,
		itemIndex: 0,
	},
	{
		name: 'an additional parameter that repeats a field',
		parameters: partition({ options: { additionalParameters: { parameter: [{ name: 'strategy', value: 'fast' }] } } }),
		items: oneFile,
		message: /^Additional Parameters: "strategy" is set by a field of this node$/,
		itemIndex: 0,
	},
	// Secrets and source connectors
	{ name: 'a blank secret', parameters: { resource: 'secret', operation: 'register', secretValue: '   ' }, message: /^Secret is empty$/, itemIndex: 0 },
	{
		name: 'a secret that must be JSON but is not',
		parameters: { resource: 'secret', operation: 'register', secretValue: fromJson('secret'), options: { isJson: true } },
		items: [{ json: { secret: `{"key": ${SECRET_PLAINTEXT}}` } }],
		message: /^Secret is not valid JSON \(line 1, column 9\)$/,
		mustNotShow: SECRET_PLAINTEXT,
		itemIndex: 0,
	},
	{
		name: 'a secret file that is not UTF-8',
		parameters: { resource: 'secret', operation: 'register', secretInput: 'binary' },
		items: [{ json: {}, binary: { data: file('key.bin', Buffer.from([0xff, 0xfe, 0x00, 0xc3]), 'application/octet-stream') } }],
		message: /^The Secret file cannot be used: the file is not UTF-8 text \(item 0, binary property "data", file "key\.bin"\)$/,
		itemIndex: 0,
	},
	{
		name: 'a source config that is not JSON',
		parameters: otherSource(fromJson('config')),
		items: [{ json: { config: `{"bucket": "invoices", "secret_key": ${SECRET_PLAINTEXT}` } }],
		message: /^Config \(JSON\) is not valid JSON \(line 1, column 38\)$/,
		mustNotShow: SECRET_PLAINTEXT,
		itemIndex: 0,
	},
	{ name: 'a source config that is not an object', parameters: otherSource('["a"]'), message: /^Config \(JSON\) must be a JSON object$/, itemIndex: 0 },
	{
		name: 'a secret reference without type',
		parameters: { ...otherSource('{"drive_id": "d", "service_account_key": {"id": "8d3e5b7a-2c41-4f0e-9a6b-1f2e3d4c5b6a"}}'), connectorType: 'google_drive', configMode: 'json' },
		message: /^The secret reference in config key "service_account_key" has no type$/,
		itemIndex: 0,
	},
	{
		name: 'a service-account key that is JSON but not an object',
		parameters: { resource: 'source', operation: 'create', sourceName: 'Drive', driveId: 'd1', serviceAccountKeyInput: 'text', serviceAccountKey: '[1, 2]' },
		message: /^Service Account Key is JSON but not an object$/,
		itemIndex: 0,
	},
	{ name: 'a blank connector type name', parameters: { ...otherSource('{}'), customType: '  ' }, message: /^Type Name is empty$/, itemIndex: 0 },
	// Credentials
	{
		name: 'a credential with a malformed base URL',
		parameters: { resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID },
		credentials: () => ({ documentProcessingApi: { apiKey: 'k', baseUrl: 'not a url', partitionUrl: 'http://127.0.0.1:1/general/v0/general' } }),
		message: /^The credential's Workflow Endpoint "not a url" is not a valid URL$/,
		itemIndex: 0,
	},
	{
		name: 'a credential whose base URL is not http(s)',
		parameters: { resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID },
		credentials: (url) => ({ documentProcessingApi: { ...goodCredentials(url).documentProcessingApi, baseUrl: 'ftp://example.com' } }),
		message: /^The credential's Workflow Endpoint must start with http:\/\/ or https:\/\/$/,
		itemIndex: 0,
	},
	{
		name: 'a credential with a query in the partition URL',
		parameters: partition({}),
		items: oneFile,
		credentials: (url) => ({ documentProcessingApi: { ...goodCredentials(url).documentProcessingApi, partitionUrl: `${url}/general/v0/general?x=1` } }),
		message: /^The credential's Partition URL must not contain a query or fragment$/,
		itemIndex: 0,
	},
	{
		name: 'a credential with a blank API key',
		parameters: { resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID },
		credentials: (url) => credentialsFor(url, '  '),
		message: /^The credential's API Key is empty$/,
		itemIndex: 0,
	},
	{
		name: 'a workflow endpoint answering HTML',
		parameters: { resource: 'job', operation: 'get', jobId: DEFAULT_WORKFLOW_ID },
		credentials: (_url, htmlUrl) => credentialsFor(htmlUrl),
		apiError: true,
		message: /^Unexpected answer from GET \/api\/v1\/jobs\/\{job_id\}: an HTML page came back instead of the API’s JSON; the credential’s address is probably a web page/,
		itemIndex: 0,
		reaches: 'otherServer',
	},
	// What only the service can judge: the message still names the thing
	{
		name: 'a well-formed workflow id the service does not know',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: '0b2c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10' }, sendFiles: false },
		apiError: true,
		message: /^Workflow "0b2c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10" was not found/,
		itemIndex: 0,
		reaches: 'service',
	},
	{
		// The interface states the 10-file limit for on-demand jobs only; for runs the service decides.
		name: '11 files for a workflow run',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, binaryPropertyName: elevenNames.join(',') },
		items: [{ json: {}, binary: Object.fromEntries(elevenNames.map((name) => [name, md(`${name}.md`)])) }],
		apiError: true,
		message: /^The service could not accept the input: body\.input_files: too many files: 11 \(at most 10 per request\)$/,
		itemIndex: 0,
		reaches: 'service',
	},
	{
		name: 'a secret reference the service does not know',
		parameters: otherSource('{"bucket": "b", "service_account_key": {"id": "8d3e5b7a-2c41-4f0e-9a6b-1f2e3d4c5b6a", "type": "rsa_aes"}}'),
		apiError: true,
		message: /^The service could not accept the input: .*service_account_key/,
		itemIndex: 0,
		reaches: 'service',
	},
];

