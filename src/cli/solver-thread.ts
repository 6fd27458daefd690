// A worker thread of `c4 solve --threads N`: solves the positions its parent posts, one at a
// time, with its own solver (its own wasm instance and transposition table) and book.
import { parentPort, workerData } from 'node:worker_threads';
import { Solver } from '../solver/index.js';
import { loadBook } from './book-file.js';
import type { ThreadJob, ThreadReply, ThreadSetup } from './solver-pool.js';

const setup = workerData as ThreadSetup;
const loaded = setup.bookPath === null ? undefined : loadBook(setup.bookPath);
const book = loaded !== undefined && 'book' in loaded ? loaded.book : undefined;
const solver = new Solver(
  book ? { tableBits: setup.tableBits, book } : { tableBits: setup.tableBits },
);

parentPort?.on('message', (job: ThreadJob) => {
  const reply: ThreadReply = {
    id: job.id,
    result: solver.solve({ variant: job.variant, moves: job.moves }, job.options),
  };
  parentPort?.postMessage(reply);
});
