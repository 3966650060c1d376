import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import * as destination from './destination/Destination.resource';
import * as document from './document/Document.resource';
import * as job from './job/Job.resource';
import * as notification from './notification/Notification.resource';
import * as notificationChannel from './notificationChannel/NotificationChannel.resource';
import * as secret from './secret/Secret.resource';
import * as source from './source/Source.resource';
import * as template from './template/Template.resource';
import * as workflow from './workflow/Workflow.resource';

type OperationExecute = (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;

const resources: Record<string, object> = {
	destination,
	document,
	job,
	notification,
	notificationChannel,
	secret,
	source,
	template,
	workflow,
};

function findOperation(resource: string, operation: string): OperationExecute | undefined {
	const module = resources[resource] as Record<string, { execute?: OperationExecute } | undefined> | undefined;
	return module?.[operation]?.execute;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = findOperation(resource, operation);
	if (typeof execute !== 'function') {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return [await execute.call(this, items)];
}
