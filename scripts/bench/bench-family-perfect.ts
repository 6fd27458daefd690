// PopOut Perfect in play: how often its move is backed by exact scores (the book or the solver)
// at each ply, and how long it takes, on games as `c4 arena --game popout` plays them (two random
// opening plies, then Strong against Perfect, Perfect taking each colour in turn). Each Perfect
// move starts from forgotten solver tables, as a fresh worker would. A win in one is counted
// apart: it needs no proof. Times are wall-clock on a shared machine; note `uptime`.
// Usage: npm run bench:family-perfect [-- --games N] [-- --seed S] [-- --max-ply P]
import { parseArgs } from 'node:util';
import { GamePosition, parseRuleset, unwrap } from '../../src/core/index.js';
import { forgetFamilyTables } from '../../src/solver/family/index.js';
import {
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  immediateWins,
} from '../../src/ai/family/index.js';
import { createRandom, pick } from '../../src/ai/random.js';
import { popoutBookContext } from '../../src/cli/book-file.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1000' },
    'max-ply': { type: 'string', default: '24' },
  },
});
const games = Number(values.games);
const firstSeed = Number(values.seed);
const maxPly = Number(values['max-ply']);
const perfect = popoutBookContext();

interface PlyTally {
  exact: number;
  winsNow: number;
  searched: number;
  readonly ms: number[];
}
const byPly = new Map<number, PlyTally>();

for (let game = 0; game < games; game++) {
  const random = createRandom(firstSeed + game);
  const position = GamePosition.start(unwrap(parseRuleset('popout')));
  for (let ply = 0; ply < 2; ply++) position.play(pick(position.legalMoves(), random));
  const perfectSide = game % 2 === 0 ? position.turn : position.turn === 1 ? 2 : 1;
  while (!position.isOver && position.ply < maxPly) {
    if (position.turn !== perfectSide) {
      position.play(chooseFamilyMove(position, 'strong', { rng: random }));
      continue;
    }
    const tally = byPly.get(position.ply) ?? { exact: 0, winsNow: 0, searched: 0, ms: [] };
    byPly.set(position.ply, tally);
    const winsNow = immediateWins(position).length > 0;
    forgetFamilyTables();
    const started = performance.now();
    const choice = chooseFamilyMoveExplained(position, 'perfect', { rng: random, perfect });
    tally.ms.push(performance.now() - started);
    if (winsNow) tally.winsNow++;
    else if (choice.scoreKind === 'exact') tally.exact++;
    else tally.searched++;
    position.play(choice.move);
  }
}

console.log('| ply | exact | wins in one | searched | median | max |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [ply, tally] of [...byPly].sort((a, b) => a[0] - b[0])) {
  const ms = [...tally.ms].sort((a, b) => a - b);
  const all = ms.length;
  console.log(
    `| ${ply} | ${tally.exact}/${all} | ${tally.winsNow} | ${tally.searched} | ` +
      `${ms[all >> 1]!.toFixed(0)} ms | ${ms[all - 1]!.toFixed(0)} ms |`,
  );
}
