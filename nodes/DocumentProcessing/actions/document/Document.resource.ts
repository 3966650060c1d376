import type { INodeProperties } from 'n8n-workflow';
import * as partition from './partition.operation';

export { partition };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Partition File',
				value: 'partition',
				description:
					'Read one document (PDF, HTML, Markdown or text; from binary data or a URL) and return its content as elements or as text, in one request. Use it to read a document now; for a pipeline with extraction or enrichment, use Job › Process Files.',
				action: 'Partition a file',
			},
		],
		default: 'partition',
	},
	...partition.description,
];
