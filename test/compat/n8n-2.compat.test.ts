/** Compatibility leg on the first n8n 2.x of n8n-versions.json, the run's shared n8n (see leg.ts). */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

defineCompatLeg(LEGS[0].n8n);
