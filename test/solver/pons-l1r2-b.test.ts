import { ponsSuite } from './pons-suite.js';

ponsSuite(['Test_L1_R2'], { from: 500 });
