// A child process of `c4 book build`: solves the positions its parent sends, one at a time,
// with its own solver (and so its own core and transposition table), or with `threads` > 1 on
// that many threads sharing one table.
import { CLASSIC } from '../core/index.js';
import { Solver, symmetricKey } from '../solver/index.js';
import { SearchThreads } from './search-threads.js';

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
const threads = Number(process.argv[3] ?? 1);
// The listener is attached at once (a message must not arrive before it); the helper threads
// may still be starting, so each job waits for them.
const ready: Promise<Solver> =
  threads > 1
    ? SearchThreads.start(threads, tableBits).then((t) => new Solver({ shared: t.table }))
    : Promise.resolve(new Solver({ tableBits }));
ready.catch((error: unknown) => {
  process.stderr.write(`book worker: ${String(error)}\n`);
  process.exit(1);
});

process.on('message', (message: BookJob) => {
  void ready.then((solver) => {
    solveJob(solver, message);
  });
});

function solveJob(solver: Solver, message: BookJob): void {
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
}
