import { ponsSuite } from './pons-suite.js';

ponsSuite(['Test_L3_R1', 'Test_L2_R1', 'Test_L1_R1']);
ponsSuite(['Test_L3_R1', 'Test_L2_R1', 'Test_L2_R2', 'Test_L1_R1'], { weak: true });
