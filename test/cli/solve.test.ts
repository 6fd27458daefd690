import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const run = runCli;

describe('c4 solve', () => {
  it('prints "moves score" per line (lines from the shared end-game set)', async () => {
    const { code, out, err } = await run(
      ['solve', '--table-bits', '16'],
      '2252576253462244111563365343671351441\n7422341735647741166133573473242566\n',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(
      '2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n',
    );
  });

  it('reports malformed lines by number on stderr, goes on, and exits non-zero', async () => {
    const { code, out, err } = await run(
      ['solve', '--table-bits', '16', '--no-book'],
      '44x\n2252576253462244111563365343671351441\n4444444\n',
    );
    expect(code).toBe(1);
    expect(out).toBe('2252576253462244111563365343671351441 -1\n');
    expect(err.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^line 1: /),
      expect.stringMatching(/^line 3: .*full/),
    ]);
  });

  it('--analyze prints one score per column, x for a full column; --weak gives signs', async () => {
    const moves = '23163416124767223154467471272416755633';
    const analysed = await run(['solve', '--table-bits', '16', '--analyze'], `${moves}\n`);
    expect(analysed.code).toBe(0);
    const fields = analysed.out.trim().split(' ');
    expect(fields[0]).toBe(moves);
    expect(fields).toHaveLength(8);
    expect(fields).toContain('x');
    expect(
      Math.max(
        ...fields
          .slice(1)
          .filter((f) => f !== 'x')
          .map(Number),
      ),
    ).toBe(0);
    const weak = await run(['solve', '--table-bits', '16', '--weak'], `${moves}\n`);
    expect(weak.out).toBe(`${moves} 0\n`);
  });

  it('--weak-first prints win/draw/loss before the exact scores, which it agrees with', async () => {
    const lines = ['23163416124767223154467471272416755633', '22525762534622441115', ''];
    for (const mode of [['--analyze'], []]) {
      const { code, out, err } = await run(
        ['solve', '--table-bits', '16', '--weak-first', ...mode],
        `${lines.join('\n')}\n`,
      );
      expect(err).toBe('');
      expect(code).toBe(0);
      const printed = out.trimEnd().split('\n');
      expect(printed).toHaveLength(2 * lines.length);
      lines.forEach((moves, i) => {
        const weak = printed[2 * i]!.split(' ');
        const exact = printed[2 * i + 1]!.split(' ');
        expect([weak[0], weak[1]]).toEqual([moves, 'weak']);
        expect(exact[0]).toBe(moves);
        const sign = (f: string) => (f === 'x' ? 'x' : String(Math.sign(Number(f)) + 0));
        expect(weak.slice(2)).toEqual(exact.slice(1).map(sign));
      });
    }
    const both = await run(['solve', '--weak', '--weak-first'], '\n');
    expect(both.code).toBe(2);
  });

  it('starts helper threads only once a line outgrows a short search', async () => {
    const easy = '2252576253462244111563365343671351441';
    // --stats shows per-thread nodes only for a search shared by helpers.
    const short = await run(
      ['solve', '--threads', '2', '--table-bits', '16', '--stats'],
      `${easy}\n`,
    );
    expect(short.code).toBe(0);
    expect(short.out).toBe(`${easy} -1\n`);
    expect(short.err).toMatch(/^stats: line 1: \d+ ms, \d+ nodes\n$/);
    // A shallow line the book lacks outgrows the short probe: the book and the helpers are set
    // up, and the easy line after it is served by them too.
    const shallow = '1357246135';
    const long = await run(
      ['solve', '--threads', '2', '--table-bits', '16', '--stats'],
      `${shallow}\n${easy}\n`,
    );
    expect(long.code).toBe(0);
    expect(long.out).toBe(`${shallow} 3\n${easy} -1\n`);
    const stats = long.err.trimEnd().split('\n');
    expect(stats).toHaveLength(2);
    for (const line of stats) expect(line).toMatch(/per thread \d+ \/ \d+\)$/);
  });

  it('answers shallow lines the committed book holds with no search and no helpers', async () => {
    const { code, out, err } = await run(
      ['solve', '--threads', '2', '--analyze', '--stats'],
      '\n4453\n',
    );
    expect(code).toBe(0);
    expect(out).toBe(' -2 -1 0 1 0 -1 -2\n4453 -5 -5 -2 -3 -4 -2 -2\n');
    expect(err).toMatch(/^stats: line 1: \d+ ms, 0 nodes\nstats: line 2: \d+ ms, 0 nodes\n$/);
  });

  // Ply 11 of a training game (book/7x6-lines.txt): past the probe-only plies, the book is read
  // before the quick search, so an analysis on a line games go costs no search either.
  it('answers deeper lines of the training games from the book too', async () => {
    const { code, out, err } = await run(['solve', '--analyze', '--stats'], '27552322361\n');
    expect(code).toBe(0);
    expect(out).toBe('27552322361 -4 -9 -1 -12 -4 -1 -3\n');
    expect(err).toMatch(/^stats: line 1: \d+ ms, 0 nodes\n$/);
  });

  it('solves other variants, past 64 bits too', async () => {
    const small = await run(['solve', '--variant', '4x4c3', '--table-bits', '16'], '\n');
    expect(small.code).toBe(0);
    expect(small.out).toMatch(/^ -?\d+\n$/);
    // line 1 of Steininger's 10x6 endgame_L1, in 1-based columns (a = 10)
    const big = await run(
      ['solve', '--variant', '10x6c4', '--table-bits', '16'],
      '1a2a512115929197592a59a583598281a362a8477\n',
    );
    expect(big.code).toBe(0);
    expect(big.out).toBe('1a2a512115929197592a59a583598281a362a8477 8\n');
  });
});
