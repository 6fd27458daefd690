// How much of a PopOut (or Five-in-a-Row) game `c4 review` judges: each game of a file reviewed
// by the built CLI in its own process (`c4 review --json --time-ms T`), the moves judged and not
// solved counted, with each review's wall time. The games are the family puzzles' source games
// (src/puzzles/sets/games-popout.txt), real Strong-against-Perfect play, not chosen for this.
// Usage: npm run build:lib && npm run bench:review-family [-- --games N] [-- --time-ms T]
//        [-- --file src/puzzles/sets/games-five.txt]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    'time-ms': { type: 'string', default: '60000' },
    file: { type: 'string', default: 'src/puzzles/sets/games-popout.txt' },
  },
});

interface Report {
  moves: { move: number; class: string }[];
}

const games = readFileSync(values.file, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '')
  .slice(0, Number(values.games));
let judged = 0;
let moves = 0;
const walls: number[] = [];
console.log('game | moves | judged | not solved | wall s');
for (const game of games) {
  const start = performance.now();
  const out = execFileSync(
    process.execPath,
    ['dist/cli/bin.js', 'review', '--json', '--time-ms', values['time-ms'], game],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const wall = (performance.now() - start) / 1000;
  const report = JSON.parse(out) as Report;
  const open = report.moves.filter((m) => m.class === 'unsolved').length;
  judged += report.moves.length - open;
  moves += report.moves.length;
  walls.push(wall);
  console.log(
    `${game} | ${report.moves.length} | ${report.moves.length - open} | ${open} | ${wall.toFixed(1)}`,
  );
}
walls.sort((a, b) => a - b);
console.log(
  `${games.length} games: ${judged} of ${moves} moves judged (${((100 * judged) / moves).toFixed(1)}%), ` +
    `median review ${walls[walls.length >> 1]!.toFixed(1)} s, longest ${walls.at(-1)!.toFixed(1)} s`,
);
