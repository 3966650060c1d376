/** Compatibility leg on the n8n 2.x of legs.json (see leg.ts). */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

defineCompatLeg(LEGS[0].n8n);
