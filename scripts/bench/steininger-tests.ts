// Locates and parses Christophe Steininger's test sets (github ChristopheSteininger/c4,
// `tst/data/<W>x<H>/<name>.txt`: 0-based columns, then the score in Pons' convention). They are
// read where they lie, outside this repository, never copied into it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVariant, type Variant } from '../../src/core/index.js';
import type { PonsCase } from '../../test/support/pons-tests.js';

/** The sets `bench:solver` runs by default, with how many positions of each (from the top). */
export const STEININGER_SETS = [
  { board: '7x6', name: 'opening_L3', count: 10 },
  { board: '7x6', name: 'opening_L2', count: 20 },
  { board: '7x6', name: 'midgame_L2', count: 50 },
  { board: '9x5', name: 'opening_L2', count: 10 },
  // past 64 bits: our wide build (his 10x6 build needs >= 2^26 entries, 512 MB: his entries keep
  // only part of the key)
  { board: '10x6', name: 'midgame_L1', count: 20 },
  { board: '10x6', name: 'opening_L1', count: 10 },
] as const;

export interface SteiningerSet {
  readonly board: string;
  readonly name: string;
  readonly count: number;
}

/** Parses `7x6/opening_L3:10,9x5/opening_L2` (count optional: `fallback`). */
export function parseSteiningerSets(text: string, fallback: number): SteiningerSet[] {
  return text.split(',').map((spec) => {
    const match = /^(\d+x\d+)\/(\w+)(?::(\d+))?$/.exec(spec.trim());
    if (match === null) throw new Error(`bad set '${spec}': want e.g. 7x6/opening_L3:10`);
    const [, board = '', name = '', count] = match;
    return { board, name, count: count === undefined ? fallback : Number(count) };
  });
}

/** `C4_STEININGER_TESTS` (the repository's `tst/data`), or undefined. */
export function steiningerTestsDir(): string | undefined {
  return process.env['C4_STEININGER_TESTS'];
}

/** The connect-four variant of a set's board (`7x6`). */
export function boardVariant(board: string): Variant {
  const [width = 0, height = 0] = board.split('x').map(Number);
  const variant = createVariant({ width, height, connect: 4 });
  if (!variant.ok) throw new Error(`board ${board}: ${variant.error.message}`);
  return variant.value;
}

/** The first `count` cases of one set, or a reason why they are not available. */
export function loadSteiningerSet(set: SteiningerSet): { cases: PonsCase[] } | { missing: string } {
  const dir = steiningerTestsDir();
  if (dir === undefined) return { missing: 'C4_STEININGER_TESTS not set' };
  const path = join(dir, set.board, `${set.name}.txt`);
  if (!existsSync(path)) return { missing: `${path} not found` };
  const cases: PonsCase[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || cases.length >= set.count) return;
      const [text = '', score = ''] = line.split(/\s+/);
      cases.push({
        line: index + 1,
        text,
        moves: text.split('').map(Number),
        score: Number(score),
      });
    });
  return { cases };
}
