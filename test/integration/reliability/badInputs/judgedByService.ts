/** What only the service can judge: the request goes out, and the message still names the thing. */
import { DEFAULT_WORKFLOW_ID } from '../../../emulator';
import { type BadInput, elevenFiles, otherSource } from './case';

export const SERVICE_JUDGED_INPUTS: BadInput[] = [
	{
		name: 'a well-formed workflow id the service does not know',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: '0b2c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10' }, inputSource: 'none' },
		apiError: true,
		message: /^Workflow "0b2c6d1e-8f4a-4c3b-9e21-0f4d6a8b9c10" was not found/,
		itemIndex: 0,
		reaches: 'service',
	},
	{
		// The interface states the 10-file limit for on-demand jobs only; for runs the service decides.
		name: '11 files for a workflow run',
		parameters: { resource: 'workflow', operation: 'run', workflowId: { __rl: true, mode: 'id', value: DEFAULT_WORKFLOW_ID }, binaryPropertyName: elevenFiles.binaryPropertyName },
		items: elevenFiles.items(),
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
