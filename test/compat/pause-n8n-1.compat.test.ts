/** Pause mode on the n8n 1.x of n8n-versions.json (its own n8n boot; see test/e2e/pause/suite.ts). */
import { definePauseSuite } from '../e2e/pause/suite';
import { legacyLeg } from './legs';

definePauseSuite(legacyLeg().n8n);
