/** Pause mode at scale in the run's shared n8n 2.40.7 (the suite: test/e2e/pause/batch.ts). */
import { definePauseBatchSuite } from './pause/batch';

definePauseBatchSuite();
