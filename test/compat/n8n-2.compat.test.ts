/** Compatibility leg on the first n8n 2.x of n8n-versions.json (or of COMPAT_N8N_VERSIONS), the run's shared n8n (see leg.ts). */
import { defineCompatLeg } from './leg';
import { runLegs } from './legs';

defineCompatLeg(runLegs()[0].n8n);
