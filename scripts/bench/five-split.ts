// Five-in-a-Row's set-up (9x6c5 after `111111999999`) proven a draw in pieces that survive a
// stop: the proof's two halves split into a tree of positions down to --leaf-plies after the
// set-up, each leaf one null-window search, each finished piece written at once to a JSON file
// (outside the repository), so a rerun skips what is done. The split follows the proof:
//   "the side to move cannot win" (score <= 0): every move's position must be "at least 0" for
//     the opponent (an AND node: all children; a mirror-image position: the left half only);
//   "the side to move scores at least 0": one move whose position is "cannot win" for the
//     opponent (an OR node: candidates centre first, the first proven one settles it).
// Half 1 is "Red (to move at the set-up) cannot win", half 2 "Red scores at least 0" (Yellow
// cannot win); both true: a draw. One thread, one table kept across the leaves (their
// transpositions share entries). Prints each leaf's answer, nodes and processor seconds.
// Usage: npx tsx scripts/bench/five-split.ts [--state FILE] [--leaf-plies P] [--table-bits B]
//        [--half 1|2|both] [--from MOVES] [--report]
// (--from: a later root, moves after the set-up; --report: what the state file holds, no search;
// --leaf-plies 0 with a fresh state file: each half as one unsplit search from the root)
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { instantiateEngine } from '../../src/solver/wasm.js';
import { engineBoard, proveSplit, type Goal, type Piece } from './five-proof.js';

const SETUP = '111111999999';

const { values } = parseArgs({
  options: {
    state: { type: 'string', default: join(tmpdir(), 'c4-five-split.json') },
    'leaf-plies': { type: 'string', default: '6' },
    'table-bits': { type: 'string', default: '25' },
    half: { type: 'string', default: 'both' },
    report: { type: 'boolean', default: false },
    from: { type: 'string', default: '' },
  },
});
const statePath = values.state;
const state: Record<string, Piece> = existsSync(statePath)
  ? (JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, Piece>)
  : {};
const save = (): void => {
  writeFileSync(`${statePath}.tmp`, JSON.stringify(state, null, 1));
  renameSync(`${statePath}.tmp`, statePath);
};

const engine = instantiateEngine(() => false);
engine.configure(9, 6, 5);
if (engine.setTableBits(Number(values['table-bits'])) === 0) throw new Error('table too large');
const board = engineBoard(engine, SETUP, 9, 6);
/** Each new piece is saved at once (a stop loses at most the leaf under way). */
const done = (line: string, goal: Goal, piece: Piece): void => {
  save();
  if (!piece.leaf) return;
  console.log(
    `leaf ${line || '(set-up)'} ${goal}: ${piece.proven ? 'proven' : 'refuted'}, ` +
      `${piece.nodes} nodes, ${piece.seconds.toFixed(1)} s`,
  );
};

if (values.report) {
  const pieces = Object.entries(state);
  const leaves = pieces.filter(([, p]) => p.leaf);
  const sum = (list: [string, Piece][], f: (p: Piece) => number): number =>
    list.reduce((s, [, p]) => s + f(p), 0);
  console.log(
    `${leaves.length} leaves done (${leaves.filter(([, p]) => !p.proven).length} refuted), ` +
      `${sum(leaves, (p) => p.nodes)} nodes, ${sum(leaves, (p) => p.seconds).toFixed(0)} s`,
  );
  for (const goal of ['cannotWin', 'atLeast0'] as const) {
    const root = state[`${values.from}|${goal}`];
    console.log(`half ${goal}: ${root ? (root.proven ? 'proven' : 'refuted') : 'open'}`);
  }
} else {
  const halves: Goal[] =
    values.half === '1'
      ? ['cannotWin']
      : values.half === '2'
        ? ['atLeast0']
        : ['cannotWin', 'atLeast0'];
  for (const goal of halves) {
    const root = proveSplit(values.from, goal, Number(values['leaf-plies']), board, state, done);
    console.log(
      `half ${goal === 'cannotWin' ? '1, Red cannot win' : '2, Yellow cannot win'}: ` +
        `${root.proven ? 'proven' : 'refuted'}, ${root.nodes} nodes, ${root.seconds.toFixed(0)} s`,
    );
  }
}
