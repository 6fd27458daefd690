import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('c4 review', () => {
  it('--json judges every move; the end of 4455667 is all best', async () => {
    const { code, out, err } = await runCli([
      'review',
      '4455667',
      '--json',
      '--time-ms',
      '4000',
      '--position-ms',
      '1000',
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      game: string;
      moves: { move: number; column: string; class: string; outcome: string }[];
      players: { player: number; accuracy: number | null }[];
    };
    expect(report.game).toBe('7x6c4:4455667');
    expect(report.moves.map((m) => m.move)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(report.moves[6]).toMatchObject({ column: '7', class: 'best', outcome: 'win in 1 move' });
    expect(report.moves[5]).toMatchObject({ class: 'best', outcome: 'loss in 1 move' });
    expect(report.moves[4]).toMatchObject({ class: 'best', outcome: 'win in 2 moves' });
    expect(report.players.map((p) => p.player)).toEqual([1, 2]);
  });

  it('--threads 2 judges like one thread (two threads, one table)', async () => {
    const run = (threads: string) =>
      runCli(['review', '4455667', '--json', '--threads', threads, '--time-ms', '3000']);
    const [one, two] = [await run('1'), await run('2')];
    expect(two.err).toBe('');
    expect(two.code).toBe(0);
    const classes = (out: string) =>
      (JSON.parse(out) as { moves: { class: string }[] }).moves.map((m) => m.class);
    const [a, b] = [classes(one.out), classes(two.out)];
    // The clock may leave an early move unjudged in one run: compare what both judged.
    a.forEach((c, i) => {
      if (c !== 'unsolved' && b[i] !== 'unsolved') expect(b[i], `move ${i + 1}`).toBe(c);
    });
    expect(b.slice(-3)).toEqual(['best', 'best', 'best']);
  });

  it('prints a table and a summary per player', async () => {
    const { code, out } = await runCli(['review', '7x7c5:4455', '--time-ms', '3000']);
    expect(code).toBe(0);
    expect(out).toContain('Review of 7x7c5:4455: unfinished');
    expect(out).toMatch(/^Red: \d+ best/m);
    expect(out).toMatch(/^Yellow: \d+ best/m);
  });

  it.each([
    [['review'], 'c4 review: usage: c4 review'],
    [['review', '4444444'], 'c4 review: move 7: column 4 is full'],
    [
      ['review', '44', '--time-ms', 'soon'],
      'c4 review: --time-ms must be a whole number >= 1, got soon',
    ],
    // Every board the game offers is reviewable now (the wide build); past them, the board is refused.
    [['review', '13x6:44'], 'c4 review: width must be a whole number from 3 to 12, got 13'],
    [['review', ''], 'c4 review: the game has no moves'],
  ])('%j fails with one line, exit 2', async (args, message) => {
    const { code, out, err } = await runCli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.startsWith(message)).toBe(true);
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});
