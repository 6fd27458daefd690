import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const run = runCli;

describe('c4 CLI', () => {
  it('show prints the board, the outcome and the winning cells', async () => {
    const { code, out } = await run(['show', '4455667']);
    expect(code).toBe(0);
    expect(out).toContain('. . . X X X X\n1 2 3 4 5 6 7');
    expect(out).toContain('outcome: X (Red) wins');
    expect(out).toContain('winning cells (column,row): (4,1) (5,1) (6,1) (7,1)');
  });

  it('show says whose turn it is on other variants', async () => {
    const { out } = await run(['show', '44', '--variant', '7x7c5']);
    expect(out).toContain('moves: 7x7c5:44');
    expect(out).toContain('to move: X (Red)');
    expect((await run(['show', '9x7c4:5'])).out).toContain('to move: O (Yellow)');
  });

  it('show 4444444 fails with one line about column 4 being full, exit 2', async () => {
    const { code, out, err } = await run(['show', '4444444']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe('c4 show: move 7: column 4 is full\n');
  });

  it('perft prints ply and count per line', async () => {
    const { code, out } = await run(['perft', '5']);
    expect(code).toBe(0);
    expect(out).toBe('0 1\n1 7\n2 49\n3 238\n4 1120\n5 4263\n');
  });

  it.each([
    [['bogus'], 'c4: unknown command "bogus"'],
    [['perft', 'x'], 'c4 perft: depth must be a whole number'],
    [
      ['perft', '3', '--variant', '2x6'],
      'c4 perft: --variant: width must be a whole number from 3 to 12, got 2',
    ],
    [['show', '12', '--frobnicate'], 'c4 show: Unknown option'],
    [['show', '7x6c4:44', '--variant', '7x6'], 'not both'],
  ])('rejects %j with one line on stderr and exit 2', async (args, message) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it.each([[['solve', '--help']], [['solve', '--game', 'five', '-h']], [['help', 'solve']]])(
    '%j prints the usage of c4 solve alone, exit 0',
    async (args) => {
      const { code, out, err } = await run(args);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toMatch(/^c4 solve — exact scores/);
      expect(out).toContain('usage: c4 solve [--variant WxHcN]');
      expect(out).not.toContain('c4 arena');
    },
  );

  it('help on an unknown command says so', async () => {
    const { code, err } = await run(['help', 'bogus']);
    expect(code).toBe(2);
    expect(err).toContain('c4: unknown command "bogus"');
  });

  it('play runs a two-player game from typed lines, explaining bad input', async () => {
    const { code, out } = await run(
      ['play'],
      ['4', '4', '9', 'x', '5', '5', '6', '6', 'u', '6', '7', ''].join('\n'),
    );
    expect(code).toBe(0);
    expect(out).toContain('Not possible: column 9 does not exist');
    expect(out).toContain('Please type a column number from 1 to 7');
    expect(out).toContain('outcome: X (Red) wins');
    expect(out).toContain('Replay with: c4 show 7x6c4:4455667');
  });
});
