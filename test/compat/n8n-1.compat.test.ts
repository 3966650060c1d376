/** Compatibility leg on the n8n 1.x of n8n-versions.json (see leg.ts); a test file of its own, so each leg is its own jest suite. */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

const legacy = LEGS.find((leg) => leg.n8n.startsWith('1.'));
if (!legacy) throw new Error('n8n-versions.json lists no n8n 1.x');
defineCompatLeg(legacy.n8n);
