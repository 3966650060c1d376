/**
 * Pause mode on the run's shared n8n 2.40.7 (see pause/suite.ts).
 * @mostly-waits for n8n's wait tracker (once a minute) to end the time-limited run (test/sequencer.js)
 */
import { definePauseSuite } from './pause/suite';

definePauseSuite();
