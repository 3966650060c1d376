/** Bad inputs about files and binary properties: too many, too big, empty, missing, not a file, a URL that may not be fetched. */
import { DEFAULT_WORKFLOW_ID } from '../../../emulator';
import { type BadInput, create, elevenFiles, file, md, oneFile, partition } from './case';

export const FILE_INPUTS: BadInput[] = [
	{
		name: '11 files in one item',
		parameters: create({ binaryPropertyName: elevenFiles.binaryPropertyName }),
		items: elevenFiles.items(),
		message: /^Item 0 has 11 files; a job takes at most 10$/,
		itemIndex: 0,
	},
	{
		name: 'a 51 MB file',
		parameters: create({}),
		items: [{ json: {}, binary: { data: file('big.md', Buffer.alloc(51 * 1024 * 1024, 0x61)) } }],
		message: /^The file is 51\.0 MB, over the service's 50 MB limit \(item 0, Input Binary Field "data", file "big\.md"\)$/,
		itemIndex: 0,
	},
	{
		name: 'an empty file on the second item (Combine Items)',
		parameters: create({ options: { batchMode: 'combine' } }),
		items: [{ json: {}, binary: { data: md() } }, { json: {}, binary: { data: file('empty.md', '') } }],
		message: /^The file is empty \(item 1, Input Binary Field "data", file "empty\.md"\)$/,
		itemIndex: 1,
	},
	{
		name: 'a missing binary property',
		parameters: create({ binaryPropertyName: 'attachment' }),
		items: oneFile,
		message: /^Item 0 has no binary field "attachment"$/,
		itemIndex: 0,
	},
	{
		name: 'an item without any binary data (Use All Binary Properties)',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, inputSource: 'allBinary' },
		items: [{ json: { name: 'no file' } }],
		message: /^Item 0 has no binary data$/,
		itemIndex: 0,
	},
	{
		name: 'a blank Input Binary Field',
		parameters: partition({ binaryPropertyName: ' , ' }),
		items: oneFile,
		message: /^The Input Binary Field is empty$/,
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
		message: /^The binary field "data" of item 0 is not a file$/,
		itemIndex: 0,
	},
];
