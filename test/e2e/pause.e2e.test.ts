/** Pause mode on the run's shared n8n 2.40.7 (see pause/suite.ts). */
import { definePauseSuite } from './pause/suite';

definePauseSuite();
