/**
 * Compatibility leg on the n8n 1.x of n8n-versions.json (see leg.ts) and the pause-mode suite
 * (test/e2e/pause/suite.ts) on the same boot of that n8n: a test file of its own, so each leg is
 * its own jest suite.
 */
import { definePauseBatchSuite } from '../e2e/pause/batch';
import { definePauseSuite } from '../e2e/pause/suite';
import { shareN8nInFile } from '../e2e/lib/suite';
import { defineCompatLeg } from './leg';
import { legacyLeg } from './legs';

shareN8nInFile(legacyLeg().n8n, `n8n-${legacyLeg().n8n}`);
defineCompatLeg(legacyLeg().n8n);
definePauseSuite(legacyLeg().n8n);
// The state of a 300-file pause is stored on the stack entry: n8n 1.x must save it and hand it back too.
definePauseBatchSuite(legacyLeg().n8n);
