import { updateOperation } from '../common/connector/connectorOperations';
import { DESTINATION } from './shared/destinationId';

export const { description, execute } = updateOperation(DESTINATION);
