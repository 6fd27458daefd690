// Writes scripts/bench/popout-positions.txt: PopOut positions from seeded games between two
// computer levels (Casual against Intermediate, colours alternating), every third ply from
// ply 6 while the game is on. The sample the family solver is compared with Four the Win! on
// (test/solver/family-four-the-win.test.ts, npm run bench:family). Usage:
//   npx tsx scripts/bench/popout-sample.ts
import { writeFileSync } from 'node:fs';
import { GamePosition, createRuleset, familyGameToString } from '../../src/core/index.js';
import { chooseFamilyMove } from '../../src/ai/family/index.js';
import { createRandom } from '../../src/ai/random.js';

const rules = createRuleset({ game: 'popout' });
if (!rules.ok) throw rules.error;
const lines: string[] = [];
for (let game = 0; game < 6 && lines.length < 40; game++) {
  const random = createRandom(1000 + game);
  const position = GamePosition.start(rules.value);
  const levels =
    game % 2 === 0 ? (['casual', 'intermediate'] as const) : (['intermediate', 'casual'] as const);
  while (!position.isOver && position.ply < 40) {
    if (position.ply >= 6 && position.ply % 3 === 0) {
      lines.push(familyGameToString(position, { alwaysPrefix: true }));
    }
    position.play(chooseFamilyMove(position, levels[position.ply % 2]!, { rng: random }));
  }
}
writeFileSync(
  new URL('./popout-positions.txt', import.meta.url),
  `${lines.slice(0, 40).join('\n')}\n`,
);
console.log(`${Math.min(lines.length, 40)} positions`);
