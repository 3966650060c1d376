import { getManyOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

export const { description, execute } = getManyOperation(SOURCE);
