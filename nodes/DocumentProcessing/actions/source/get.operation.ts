import { getOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

export const { description, execute } = getOperation(SOURCE);
