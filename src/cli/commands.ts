// The registry of `c4` commands: one line each.
import type { Command } from './command.js';
import { perft } from './perft.js';
import { play } from './play.js';
import { show } from './show.js';
import { solve } from './solve.js';
import { book } from './book.js';
import { bestmove } from './bestmove.js';
import { arena } from './arena.js';
import { review } from './review.js';
import { puzzles } from './puzzles.js';

export const commands: readonly Command[] = [
  show,
  perft,
  play,
  solve,
  book,
  bestmove,
  arena,
  review,
  puzzles,
];
