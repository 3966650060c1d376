import type {
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as destination from './actions/destination/Destination.resource';
import * as document from './actions/document/Document.resource';
import * as job from './actions/job/Job.resource';
import * as notification from './actions/notification/Notification.resource';
import * as notificationChannel from './actions/notificationChannel/NotificationChannel.resource';
import * as secret from './actions/secret/Secret.resource';
import * as source from './actions/source/Source.resource';
import * as template from './actions/template/Template.resource';
import * as workflow from './actions/workflow/Workflow.resource';
import { router } from './actions/router';
import { listSearch } from './methods';
import { maskConfigSecrets } from './actions/common/connector/maskConfig';
import { maskedNode, secretParameterNames, withMaskedNode } from './secrets/maskSecrets';
import { resumeOnJobEvent } from './jobs/pause/resume';
import { resumedOutput } from './jobs/pause/stackEntry';
import { documentProcessingApiTest } from './methods/credentialTest';
import { connectorCredentials } from './actions/common/connector/connectorCredentials';
import { connectorForms } from './actions/common/connector/connectorForms';
import { mergeRepeated } from './descriptions/mergedProperties';
import { documentProcessingAwsKeysTest, documentProcessingConnectorSecretsTest } from './actions/common/connector/credentialTests';
import { SECRET_EXPRESSION_FIELD } from './actions/secret/register.operation';
import { documentProcessingSecretTest } from './actions/secret/secretCredential';
import { documentProcessingSigningSecretTest, SIGNING_SECRET_EXPRESSION_FIELD } from './actions/notificationChannel/signingSecret';

/**
 * The Resource list in the order of n8n's nodes panel, which lists actions by resource in this
 * order (then by operation order): the everyday resources first, Document (Partition File) and
 * Job (Process Files), then A–Z.
 */
const RESOURCES = [
	{ name: 'Document', value: 'document' },
	{ name: 'Job', value: 'job' },
	{ name: 'Destination Connector', value: 'destination' },
	{ name: 'Notification Channel', value: 'notificationChannel' },
	{ name: 'Notification Event', value: 'notification' },
	{ name: 'Secret', value: 'secret' },
	{ name: 'Source Connector', value: 'source' },
	{ name: 'Template', value: 'template' },
	{ name: 'Workflow', value: 'workflow' },
];

const resources = [destination, document, job, notificationChannel, notification, secret, source, template, workflow];

const declared = resources.flatMap((resource) => resource.description);

/**
 * The fields as the resources declare them, before repeated ones are merged: the Operation lists
 * first (each is shown for its resource alone, so each panel keeps its order), then every
 * resource's fields, then the source and destination config forms, after their own fields.
 */
export const DECLARED_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: RESOURCES,
		default: 'job',
	},
	...declared.filter((property) => property.name === 'operation'),
	...declared.filter((property) => property.name !== 'operation'),
	...connectorForms,
];

/** A field several operations declare alike is one property (descriptions/mergedProperties.ts); worked out once. */
const PROPERTIES = mergeRepeated(DECLARED_PROPERTIES);
/** Every field of password type (none now: secrets come from credentials), and the secrets' expression fields, refused when typed. */
const SECRET_PARAMETERS = new Set([...secretParameterNames(declared), SECRET_EXPRESSION_FIELD, SIGNING_SECRET_EXPRESSION_FIELD]);
const maskSecrets = (node: INode): INode => maskConfigSecrets(maskedNode(node, SECRET_PARAMETERS));

export class DocumentProcessing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Processing',
		name: 'documentProcessing',
		icon: { light: 'file:../../icons/documentProcessing.svg', dark: 'file:../../icons/documentProcessing.dark.svg' },
		group: ['transform'],
		// One version until the first release; from then on a changed default or a moved field needs
		// a new one, since saved workflows keep their parameters (test/unit/node-version.test.ts).
		version: 1,
		// The operation and resource in the panel's words, e.g. "Process Files · Job": the names that
		// differ from the value in Title Case are listed (test/unit/node-panels.test.ts checks every one).
		subtitle:
			'={{ (({ getAll: "Get Many", markRead: "Mark as Read", partition: "Partition File", process: "Process Files", waitForCompletion: "Wait for Job" })[$parameter["operation"]] || ($parameter["operation"].charAt(0).toUpperCase() + $parameter["operation"].slice(1).replace(/([A-Z])/g, " $1"))) + " · " + (({ destination: "Destination Connector", notification: "Notification Event", notificationChannel: "Notification Channel", source: "Source Connector" })[$parameter["resource"]] || ($parameter["resource"].charAt(0).toUpperCase() + $parameter["resource"].slice(1))) }}',
		description: 'Partition files and extract structured JSON with the document-processing service',
		defaults: { name: 'Document Processing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'documentProcessingApi', required: true, testedBy: 'documentProcessingApiTest' },
			// Only for Create and Update of a source or destination, by connector type.
			{ name: 'documentProcessingAwsKeysApi', required: false, testedBy: 'documentProcessingAwsKeysTest', displayOptions: connectorCredentials.awsKeys },
			{ name: 'documentProcessingConnectorSecretsApi', required: false, testedBy: 'documentProcessingConnectorSecretsTest', displayOptions: connectorCredentials.secrets },
			// Register Secret's secret, when Secret Input is Credential.
			{ name: 'documentProcessingSecretApi', required: true, testedBy: 'documentProcessingSecretTest', displayOptions: { show: { resource: ['secret'], operation: ['register'], secretInput: ['credential'] } } },
			// A webhook channel's signing secret, when Signing Secret Input is Credential.
			{
				name: 'documentProcessingSigningSecretApi',
				required: true,
				testedBy: 'documentProcessingSigningSecretTest',
				displayOptions: { show: { resource: ['notificationChannel'], operation: ['create'], channelType: ['webhook'], signingSecretInput: ['credential'] } },
			},
		],
		// Wait Mode › Pause: the service's job event calls the execution's resume URL (docs/batches-and-long-jobs.md, "Waiting: poll or pause").
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: '',
				restartWebhook: true,
				isFullPath: true,
				ndvHideUrl: true,
				ndvHideMethod: true,
			},
		],
		properties: [...PROPERTIES],
	};

	methods = {
		listSearch,
		credentialTest: {
			documentProcessingApiTest,
			documentProcessingAwsKeysTest,
			documentProcessingConnectorSecretsTest,
			documentProcessingSecretTest,
			documentProcessingSigningSecretTest,
		},
	};

	/** Resumes an execution paused until its jobs end (Wait Mode › Pause Execution Until the Job Ends). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnJobEvent(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// The run after a paused execution's resume: its outputs are ready (jobs/pause/stackEntry.ts).
		const resumed = resumedOutput(this);
		if (resumed) return [resumed];
		try {
			return await router.call(this);
		} catch (error) {
			// n8n saves the error's node with its parameters: a secret typed into the node must not be.
			throw withMaskedNode(error, this.getNode(), maskSecrets);
		}
	}
}
