import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

interface Counts {
  best: number;
  slower: number;
  mistake: number;
  blunder: number;
  unsolved: number;
}

const total = (c: Counts): number => c.best + c.slower + c.mistake + c.blunder + c.unsolved;

describe('c4 review of a family game that runs out of time', () => {
  // 1 ms cannot settle a PopOut opening, so the review stops after a move or two. How many it
  // reaches depends on the machine; that every move is counted in the summary must not.
  it('counts every move it did not reach as not solved, in the table and the summary', async () => {
    const json = await runCli(['review', '--json', '--time-ms', '1', 'popout:4455667']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as {
      moves: { move: number; class: string }[];
      players: { player: number; moves: number; counts: Counts }[];
      unreviewed: number;
    };
    expect(report.unreviewed).toBeGreaterThan(0);
    expect(report.moves.map((m) => m.move)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(report.players.map((p) => [p.moves, total(p.counts)])).toEqual([
      [4, 4],
      [3, 3],
    ]);
    const open = report.moves.filter((m) => m.class === 'unsolved').length;
    expect(report.players[0]!.counts.unsolved + report.players[1]!.counts.unsolved).toBe(open);
    expect(open).toBeGreaterThanOrEqual(report.unreviewed);

    const text = await runCli(['review', '--time-ms', '1', 'popout:4455667']);
    const notSolved = [...text.out.matchAll(/(\d+) not solved;/g)].map((m) => Number(m[1]));
    const rows = text.out.split('\n').filter((line) => /^ {3}\d {2}/.test(line));
    expect(rows).toHaveLength(7);
    expect(notSolved[0]! + notSolved[1]!).toBe(rows.filter((r) => r.includes('Not solved')).length);
    expect(notSolved[0]! + notSolved[1]!).toBeGreaterThan(0);
  });
});

describe('c4 review of a PopOut opening', () => {
  // Every move's exact score is out of reach in an opening (each losing move needs a proof), and
  // this review used to judge none of these moves. The book knows the first two plies, and the
  // position's score with the played move's settles the rest.
  it('judges every move: the first from the book, a blunder named with the wins it threw away', async () => {
    const { code, out } = await runCli(['review', 'popout:4433p4']);
    expect(code).toBe(0);
    const rows = out.split('\n').filter((line) => /^ {3}\d {2}/.test(line));
    const expected = [
      /^ {3}1 {2}Red +4 +✓ Best +win in 11 moves *$/,
      /^ {3}2 {2}Yellow +4 +✓ Best +loss in 10 moves *$/,
      /^ {3}3 {2}Red +3 +✓ Best +win in 10 moves *$/,
      /^ {3}4 {2}Yellow +3 +~ Kept the result +loss in 2 moves *$/,
      /^ {3}5 {2}Red +p4 +\?\? Blunder +loss in 7 moves /,
    ];
    expect(rows).toHaveLength(5);
    rows.forEach((row, i) => {
      expect(row).toMatch(expected[i]!);
    });
    expect(rows[4]).toContain('2 (win in 2 moves), 5 (win in 2 moves)');
    expect(out).toContain(
      'Red: 2 best, 0 kept the result but slower, 0 mistakes, 1 blunders, 0 not solved',
    );
  });
});
