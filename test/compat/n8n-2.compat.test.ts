/** Compatibility leg on the n8n 2.x of n8n-versions.json (see leg.ts). */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

defineCompatLeg(LEGS[0].n8n);
