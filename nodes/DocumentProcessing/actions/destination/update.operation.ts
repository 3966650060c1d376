import { jsonConfigProperties } from '../common/connector/configFields';
import { DESTINATION_SECRET_KEYS } from '../common/connector/connectorConfig';
import { jsonPlan } from '../common/connector/configPlan';
import { updateOperation } from '../common/connector/connectorOperations';
import { DESTINATION } from './shared/destinationId';

export const { description, execute } = updateOperation(DESTINATION, jsonConfigProperties('{\n}', undefined, DESTINATION_SECRET_KEYS), jsonPlan);
