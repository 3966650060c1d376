import type { ICredentialsDisplayOptions } from 'n8n-workflow';
import { AWS_KEY_TYPES } from './secretKeys';
import { VERSION_3_1 } from './secretVersions';

/**
 * Where the node shows its connector credentials: Create and Update of a source or destination,
 * from version 3.1, the AWS keys for the types that take them and the secrets credential for
 * every other type (Other Type included). Every other operation shows neither.
 */
// n8n types a credential's version condition as a list of versions, not a `_cnd` (add each new one).
const connectorForms = { '@version': [VERSION_3_1], resource: ['source', 'destination'], operation: ['create', 'update'] };

export const connectorCredentials: Record<'awsKeys' | 'secrets', ICredentialsDisplayOptions> = {
	awsKeys: { show: { ...connectorForms, connectorTypeId: AWS_KEY_TYPES } },
	secrets: { show: connectorForms, hide: { connectorTypeId: AWS_KEY_TYPES } },
};
