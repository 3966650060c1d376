/**
 * The bad-input table: each input, the message it must produce, and whether a request may go out
 * (the case's shape in badInputs/case.ts, the inputs grouped by what they are about in badInputs/).
 */
import type { BadInput } from './badInputs/case';
import { CHANNEL_INPUTS } from './badInputs/channels';
import { CONNECTOR_AND_EVENT_INPUTS } from './badInputs/connectorsAndEvents';
import { CREDENTIAL_INPUTS } from './badInputs/credentials';
import { FILE_INPUTS } from './badInputs/files';
import { IDENTIFIER_INPUTS } from './badInputs/identifiers';
import { SERVICE_JUDGED_INPUTS } from './badInputs/judgedByService';
import { PARTITION_INPUTS } from './badInputs/partitioning';
import { PIPELINE_INPUTS } from './badInputs/pipelines';
import { PLATFORM_INPUTS } from './badInputs/platform';
import { SECRET_AND_SOURCE_INPUTS } from './badInputs/secretsAndSources';

export const BAD_INPUTS: BadInput[] = [
	...FILE_INPUTS,
	...PIPELINE_INPUTS,
	...IDENTIFIER_INPUTS,
	...CHANNEL_INPUTS,
	...PARTITION_INPUTS,
	...SECRET_AND_SOURCE_INPUTS,
	...CONNECTOR_AND_EVENT_INPUTS,
	...CREDENTIAL_INPUTS,
	...SERVICE_JUDGED_INPUTS,
	...PLATFORM_INPUTS,
];
