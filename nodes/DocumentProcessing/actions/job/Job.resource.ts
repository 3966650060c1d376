import type { INodeProperties } from 'n8n-workflow';
import * as cancel from './cancel.operation';
import * as create from './create.operation';
import * as downloadOutput from './downloadOutput.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as process from './process.operation';
import * as waitForCompletion from './waitForCompletion.operation';

export { cancel, create, downloadOutput, get, getAll, process, waitForCompletion };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['job'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Stop a job that is scheduled or running',
				action: 'Cancel job',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Start a job that runs a pipeline over the item’s files',
				action: 'Create job',
			},
			{
				name: 'Download Output',
				value: 'downloadOutput',
				description: 'Download the elements a completed job produced',
				action: 'Download output',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a job’s status and output files',
				action: 'Get job',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the account’s jobs, optionally of one workflow or in one state',
				action: 'Get many jobs',
			},
			{
				name: 'Process Files',
				value: 'process',
				description: 'Create a job, wait for it and download its outputs in one step',
				action: 'Process files',
			},
			{
				name: 'Wait for Completion',
				value: 'waitForCompletion',
				description: 'Wait until a job has completed, failed or stopped',
				action: 'Wait for job',
			},
		],
		default: 'process',
	},
	...cancel.description,
	...create.description,
	...downloadOutput.description,
	...get.description,
	...getAll.description,
	...process.description,
	...waitForCompletion.description,
];
