/** Compatibility leg on the n8n 1.x of n8n-versions.json (see leg.ts); a test file of its own, so each leg is its own jest suite. */
import { defineCompatLeg } from './leg';
import { legacyLeg } from './legs';

defineCompatLeg(legacyLeg().n8n);
