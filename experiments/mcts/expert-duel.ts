// Alpha-beta (the Expert level's search) against UCT Monte Carlo tree search with equal time
// per move, colours alternating: the experiment that kept alpha-beta as the Expert's engine
// (docs/bench-log, "Alpha-beta or Monte Carlo for Expert"). Outside the build, the type-check
// and the test run (experiments/README.md).
// Run: npx tsx experiments/mcts/expert-duel.ts [--games 6] [--variants 9x7c4] [--time-ms 500]
import { parseArgs } from 'node:util';
import { SEARCH_STYLES } from '../../src/ai/choose.js';
import { Board } from '../../src/ai/engine/board.js';
import { createRandom } from '../../src/ai/index.js';
import { searchMove } from '../../src/ai/searching.js';
import { Position, parseVariant, unwrap } from '../../src/core/index.js';
import { mctsSearch } from './mcts.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '6' },
    variants: { type: 'string', default: '9x7c4' },
    'time-ms': { type: 'string', default: '500' },
  },
});

const games = Number(values.games);
const timeMs = Number(values['time-ms']);

for (const text of values.variants.split(',')) {
  const variant = unwrap(parseVariant(text));
  const random = createRandom(99);
  let abScore = 0;
  let playouts = 0;
  let mctsMoves = 0;
  for (let game = 0; game < games; game++) {
    const position = Position.empty(variant);
    // Two random plies so the games differ; colours alternate.
    for (let i = 0; i < 2; i++) position.play(Math.floor(random() * variant.width));
    const abPlays = game % 2 === 0 ? 1 : 2;
    while (!position.isOver) {
      let column: number;
      if (position.turn === abPlays) {
        column = searchMove({
          position,
          style: SEARCH_STYLES.perfect,
          timeMs,
          nodes: null,
          random,
          signal: undefined,
        }).column;
      } else {
        const result = mctsSearch(Board.from(position), Date.now() + timeMs, () => false, random);
        playouts += result.playouts;
        mctsMoves++;
        column = result.column;
      }
      position.play(column);
    }
    const outcome = position.outcome;
    abScore += outcome.kind === 'win' ? (outcome.winner === abPlays ? 1 : 0) : 0.5;
  }
  console.log(
    `${text}: alpha-beta ${abScore} / ${games} against MCTS (${timeMs} ms a move; MCTS ${Math.round(playouts / Math.max(1, mctsMoves))} playouts a move)`,
  );
}
