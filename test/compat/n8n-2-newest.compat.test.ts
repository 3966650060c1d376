/**
 * Compatibility leg on the newest n8n 2.x of n8n-versions.json (or of COMPAT_N8N_VERSIONS, legs.ts) that installs from the registry
 * (2.41.1: 2.41.3 needs 21 packages the registry lacks, see docs/testing.md); it boots its own n8n.
 */
import { defineCompatLeg } from './leg';
import { newestLeg } from './legs';

defineCompatLeg(newestLeg().n8n);
