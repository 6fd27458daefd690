// A child process of `c4 book build`: solves the positions its parent sends, one at a time,
// with its own solver (and so its own core and transposition table).
import { CLASSIC } from '../core/index.js';
import { Solver, symmetricKey } from '../solver/index.js';

export interface BookJob {
  readonly moves: readonly number[];
}
export interface BookJobResult {
  readonly moves: readonly number[];
  readonly key: number;
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
}

const tableBits = Number(process.argv[2] ?? 24);
const solver = new Solver({ tableBits });

process.on('message', (message: BookJob) => {
  const start = Date.now();
  const result = solver.solve({ variant: CLASSIC, moves: message.moves }, { noBook: true });
  if (!result.ok || result.value.score === null) {
    process.stderr.write(`book worker: cannot solve ${message.moves.join(',')}\n`);
    process.exit(1);
  }
  const reply: BookJobResult = {
    moves: message.moves,
    key: symmetricKey(CLASSIC, message.moves),
    score: result.value.score,
    nodes: result.value.nodes,
    ms: Date.now() - start,
  };
  process.send?.(reply);
});
