import { connectorTypeProperty, driveConfigProperties, jsonConfigProperties, readConfigPlan } from '../common/connector/configFields';
import { updateOperation } from '../common/connector/connectorOperations';
import { SOURCE } from './shared/sourceId';

// Versions 1 and 2: the type cannot change; Connector Type only picks the form the new config is written in.
const formProperty = { ...connectorTypeProperty, description: 'The connector’s type, which picks the form for its config (the type itself cannot be changed)' };

export const { description, execute } = updateOperation(SOURCE, [formProperty, ...driveConfigProperties, ...jsonConfigProperties('{\n}', { connectorType: ['other'] })], readConfigPlan);
