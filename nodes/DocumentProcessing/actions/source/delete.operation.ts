import { deleteOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

export const { description, execute } = deleteOperation(SOURCE);
