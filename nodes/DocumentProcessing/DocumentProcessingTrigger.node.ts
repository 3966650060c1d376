import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { EVENT_TYPE_OPTIONS } from './webhooks/eventTypes';
import { scopeProperties } from './descriptions/scope';
import { documentProcessingApiTest } from './methods/credentialTest';
import { searchWorkflows } from './methods/workflows';
import { receiveDelivery } from './trigger/delivery';
import { checkExists, create, remove } from './trigger/lifecycle';
import { EVENTS_SUBTITLE } from './trigger/subtitle';

export class DocumentProcessingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Processing Trigger',
		name: 'documentProcessingTrigger',
		icon: { light: 'file:../../icons/documentProcessing.svg', dark: 'file:../../icons/documentProcessing.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: EVENTS_SUBTITLE,
		// n8n's nodes panel shows one entry for a node and its trigger, described by the trigger's
		// description: so it speaks for both.
		description: 'Partition files and extract structured JSON with the document-processing service, or start a workflow on its job events',
		defaults: { name: 'Document Processing Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'documentProcessingApi', required: true, testedBy: 'documentProcessingApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		eventTriggerDescription: 'Waiting for a job event from the document-processing service',
		activationMessage: 'Job events from the document-processing service now start this workflow.',
		properties: [
			{
				displayName:
					'The service must be able to reach this n8n instance’s webhook URL (set WEBHOOK_URL when n8n runs behind a proxy). Activating the workflow registers a signed webhook channel; deactivating it removes the channel.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			...scopeProperties({
				workspace: 'Events of the jobs of all workflows',
				workflow: 'Events of the jobs of one service workflow',
				locator: 'The service workflow whose job events start this workflow, by ID or by a URL that contains its ID',
			}),
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENT_TYPE_OPTIONS,
				default: ['job.completed'],
				description: 'Job events that start the workflow',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Download Outputs',
						name: 'downloadOutputs',
						type: 'boolean',
						default: false,
						description: 'Whether to download the job’s output elements for Job Completed events',
					},
					{
						displayName: 'Final Node Only',
						name: 'finalNodeOnly',
						type: 'boolean',
						default: true,
						description:
							'Whether to download only the outputs of the pipeline’s last node (the final result) rather than every node’s',
					},
					{
						displayName: 'Include Job',
						name: 'includeJob',
						type: 'boolean',
						default: false,
						description: 'Whether to fetch the job record (status, output files, runtime) and add it as "job"',
					},
					{
						displayName: 'Output Shape',
						name: 'outputShape',
						type: 'options',
						options: [
							{
								name: 'One Item With All Outputs',
								value: 'event',
								description: 'The event item, with the output files and their elements under "outputs"',
							},
							{
								name: 'One Item per Element',
								value: 'elements',
								description: 'Every element of every output file as its own item',
							},
							{
								name: 'One Item per Output File',
								value: 'files',
								description: 'One item per output file with its elements',
							},
						],
						default: 'event',
						description: 'How downloaded outputs become items (used with Download Outputs)',
					},
					{
						displayName: 'Verify Signatures',
						name: 'verifySignatures',
						type: 'boolean',
						default: true,
						description:
							'Whether to refuse (401) deliveries whose Standard Webhooks signature does not match the secret registered on activation',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchWorkflows }, credentialTest: { documentProcessingApiTest } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
