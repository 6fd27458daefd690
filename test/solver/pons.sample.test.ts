import { ponsSuite } from './pons-suite.js';

// `npm run test:quick`'s known answers: the first 100 lines of the end-game, easy middle-game and easy
// beginning sets. The full run (`npm test`) checks every line of every set instead, so it skips this file.
ponsSuite(['Test_L3_R1', 'Test_L2_R1', 'Test_L1_R1'], { to: 100 });
