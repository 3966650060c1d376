import type { ICredentialsDisplayOptions } from 'n8n-workflow';
import { AWS_KEY_TYPES } from './secretKeys';

/**
 * Where the node shows its connector credentials: Create and Update of a source or destination,
 * the AWS keys for the types that take them and the secrets credential for every other type
 * (Other Type included). Every other operation shows neither.
 */
const connectorForms = { resource: ['source', 'destination'], operation: ['create', 'update'] };

export const connectorCredentials: Record<'awsKeys' | 'secrets', ICredentialsDisplayOptions> = {
	awsKeys: { show: { ...connectorForms, connectorTypeId: AWS_KEY_TYPES } },
	secrets: { show: connectorForms, hide: { connectorTypeId: AWS_KEY_TYPES } },
};
