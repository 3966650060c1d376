import { createOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

export const { description, execute } = createOperation(SOURCE, {
	displayName: 'Name',
	name: 'sourceName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Invoices drive',
	description: 'Name of the source connector',
});
