import { createOperation } from '../common/connector/connectorOperations';
import { DESTINATION } from './shared/destinationId';

export const { description, execute } = createOperation(DESTINATION, {
	displayName: 'Name',
	name: 'destinationName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Parsed invoices bucket',
	description: 'Name of the destination connector',
});
