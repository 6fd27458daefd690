import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const run = runCli;

describe('c4 bestmove / arena / play --vs', () => {
  it('bestmove prints the blocking column first on its line', async () => {
    const { code, out } = await run(['bestmove', '--level', 'casual', '--seed', '1', '17273']);
    expect(code).toBe(0);
    expect(out.split(/\s/)[0]).toBe('4');
  });

  it('bestmove reports an exact score at Perfect', async () => {
    // X holds 4-6 on the bottom row: 3 or 7 wins now, scoring (42 + 1 - 6) / 2 = 18.
    const { out } = await run(['bestmove', '--level', 'perfect', '--explain', '445566']);
    expect(out).toMatch(/^[37] score=\+18 exact\n/);
    expect(out).toContain('Perfect: Wins now');
  });

  it('bestmove rejects an unknown level with one line and exit 2', async () => {
    const { code, err } = await run(['bestmove', '--level', 'godlike', '44']);
    expect(code).toBe(2);
    expect(err).toMatch(/^c4 bestmove: --level: unknown level "godlike"/);
    expect(err.split('\n')).toHaveLength(2);
  });

  it('arena prints the result line and the Elo estimate', async () => {
    const { code, out } = await run(['arena', '--a', 'casual', '--b', 'beginner', '--games', '2']);
    expect(code).toBe(0);
    expect(out).toContain('Casual (A) vs Beginner (B) on 7x6c4, 2 games, seed 1');
    expect(out).toMatch(/A wins \d, draws \d, losses \d; score [\d.]+%; Elo /);
    expect(out).toMatch(
      /A as first player: [01]-[01]-[01]; A as second player: [01]-[01]-[01] \(W-D-L\)/,
    );
  });

  it('arena --a-first gives A the first player in every game', async () => {
    const { code, out } = await run([
      'arena',
      '--a',
      'casual',
      '--b',
      'beginner',
      '--games',
      '2',
      '--a-first',
      '--verbose',
    ]);
    expect(code).toBe(0);
    expect(out.match(/\(A first\)/g)).toHaveLength(2);
    expect(out).toContain('A as second player: 0-0-0 (W-D-L)');
  });

  it('play --vs lets the computer answer a person', async () => {
    const { code, out } = await run(['play', '--vs', 'beginner', '--first', 'me'], '4\nq\n');
    expect(code).toBe(0);
    expect(out).toContain('You are playing Beginner.');
    expect(out).toMatch(/O \(Yellow\) \(computer\) plays \d/);
  });

  it('play --first needs --vs', async () => {
    const { code, err } = await run(['play', '--first', 'me']);
    expect(code).toBe(2);
    expect(err).toBe('c4 play: --first needs --vs LEVEL\n');
  });
});
