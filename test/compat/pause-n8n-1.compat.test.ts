/** Pause mode on the n8n 1.x of n8n-versions.json (its own n8n boot; see test/e2e/pause/suite.ts). */
import { definePauseSuite } from '../e2e/pause/suite';
import { LEGS } from './legs';

definePauseSuite(LEGS[1].n8n);
