/**
 * Compatibility leg on the newest n8n 2.x of n8n-versions.json that installs from the registry
 * (2.41.1: 2.41.3 needs 21 packages the registry lacks, see docs/testing.md); it boots its own n8n.
 */
import { defineCompatLeg } from './leg';
import { LEGS } from './legs';

const newest = LEGS.filter((leg, i) => i > 0 && leg.n8n.startsWith('2.')).at(-1);
if (!newest) throw new Error('n8n-versions.json lists no second n8n 2.x');
defineCompatLeg(newest.n8n);
