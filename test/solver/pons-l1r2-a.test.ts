import { ponsSuite } from './pons-suite.js';

// The slowest set, split in halves so that the two halves run on two cores.
ponsSuite(['Test_L1_R2'], { to: 500 });
