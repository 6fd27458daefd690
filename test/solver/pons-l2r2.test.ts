import { ponsSuite } from './pons-suite.js';

ponsSuite(['Test_L2_R2']);
