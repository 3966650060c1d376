import type { INodeProperties } from 'n8n-workflow';
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
				description: 'Start a job that runs a pipeline over files (binary data or URLs) and return at once with the job ID; check it later with Get and read it with Download Output',
				action: 'Create job',
			},
			{
				name: 'Download Output',
				value: 'downloadOutput',
				description: 'Read what a COMPLETED job produced (elements, extracted data, or text), by job ID',
				action: 'Download output',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a job’s status (SCHEDULED, IN_PROGRESS, COMPLETED, FAILED or STOPPED) and its output files, by job ID',
				action: 'Get job',
			},
			{
				name: 'Get Details',
				value: 'getDetails',
				description: 'Get a job’s processing status per pipeline node, including COMPLETED_WITH_ERRORS when some of its files failed, by job ID',
				action: 'Get job details',
			},
			{
				name: 'Get Failed Files',
				value: 'getFailedFiles',
				description: 'List the files that failed in a job, each with the service’s reason, by job ID',
				action: 'Get failed files of a job',
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
				description: 'Run a pipeline over files (binary data or URLs), wait for it and return its outputs, in one step: use it for several files or for extraction',
				action: 'Process files',
			},
			{
				name: 'Wait for Completion',
				value: 'waitForCompletion',
				description: 'Wait, by job ID, until a job has completed, failed or stopped, and return it',
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
	...getDetails.description,
	...getFailedFiles.description,
	...process.description,
	...waitForCompletion.description,
];
