// The registry of `c4` commands: one line each. Each command's module is imported only when that
// command runs (or for the help text): `c4 solve` on a file of easy positions is mostly process
// start-up, and importing every command (review, arena, puzzles ...) was a fair share of it.
import type { Command } from './command.js';

export interface CommandEntry {
  readonly name: string;
  load(): Promise<Command>;
}

export const commands: readonly CommandEntry[] = [
  { name: 'show', load: async () => (await import('./show.js')).show },
  { name: 'perft', load: async () => (await import('./perft.js')).perft },
  { name: 'play', load: async () => (await import('./play.js')).play },
  { name: 'solve', load: async () => (await import('./solve.js')).solve },
  { name: 'book', load: async () => (await import('./book.js')).book },
  { name: 'bestmove', load: async () => (await import('./bestmove.js')).bestmove },
  { name: 'arena', load: async () => (await import('./arena.js')).arena },
  { name: 'review', load: async () => (await import('./review.js')).review },
  { name: 'puzzles', load: async () => (await import('./puzzles.js')).puzzles },
];
