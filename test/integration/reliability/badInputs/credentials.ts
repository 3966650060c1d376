/** Bad credentials: malformed or non-http(s) addresses, a blank key, and an address that is a web page instead of the API. */
import { DEFAULT_WORKFLOW_ID } from '../../../emulator';
import { credentialsFor } from '../bench';
import { type BadInput, oneFile, partition } from './case';

const goodCredentials = (url: string) => credentialsFor(url);

export const CREDENTIAL_INPUTS: BadInput[] = [
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
		message: /^The service’s answer could not be read: an HTML page came back instead of the API’s JSON; the credential’s address is probably a web page/,
		itemIndex: 0,
		reaches: 'otherServer',
	},
];
