/** Compatibility leg on the n8n 1.x of legs.json (see leg.ts); a test file of its own so jest runs the legs side by side. */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

defineCompatLeg(LEGS[1].n8n);
