import { updateOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

export const { description, execute } = updateOperation(SOURCE);
