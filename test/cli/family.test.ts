import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('c4 with --game (the family)', () => {
  it('show draws a PopOut game after a pop and names the game', async () => {
    const { code, out } = await runCli(['show', 'popout:4441p4']);
    expect(code).toBe(0);
    expect(out).toContain('. . . X . . .\nO . . O . . .\n1 2 3 4 5 6 7');
    expect(out).toContain('game: PopOut');
    expect(out).toContain('moves: popout:4441p4');
    expect(out).toContain('to move: O (Yellow)');
  });

  it('show reads moves with --game and says why a game was drawn', async () => {
    const { code, out } = await runCli(['show', '44p4p444p4p4', '--game', 'popout']);
    expect(code).toBe(0);
    expect(out).toContain('outcome: draw (the same position for the third time)');
    expect((await runCli(['show', '44p4p4', '-g', 'popout'])).out).toContain(
      'this position has occurred 2 times',
    );
  });

  it('show draws the Five-in-a-Row set-up and a win through it', async () => {
    const start = await runCli(['show', '', '--game', 'five']);
    expect(start.out).toContain('X . . . . . . . X\n1 2 3 4 5 6 7 8 9');
    const won = await runCli(['show', 'five:2233445']);
    expect(won.out).toContain('outcome: X (Red) wins');
    expect(won.out).toContain('winning cells (column,row): (1,1) (2,1) (3,1) (4,1) (5,1)');
  });

  it.each([
    [
      ['show', 'popout:4p4'],
      'c4 show: move 2: column 4 has no Yellow disc at the bottom (its bottom disc is Red)',
    ],
    [
      ['show', 'popout:p3'],
      'c4 show: move 1: column 3 has no Red disc at the bottom (it is empty)',
    ],
    [
      ['show', '44p4'],
      'c4 show: move 3: a pop from column 4 is not a move in this game: only PopOut has pops',
    ],
    [['show', 'classic:44p4'], 'c4 show: move 3: a pop from column 4 is not a move in this game'],
    [['show', '44p4', '--game', 'five'], 'c4 show: move 3: a pop from column 4 is not a move'],
    [['show', 'five:1'], 'c4 show: move 1: column 1 is full (it is filled before the first move)'],
    [['show', '4', '--game', 'chess'], 'c4 show: --game: unknown game "chess"'],
    [['show', 'popout:4', '--game', 'popout'], 'not both'],
    [['play', '--game', 'popout', '--first', 'me'], 'c4 play: --first needs --vs LEVEL'],
    [['play', '--game', 'five', '--vs', 'godlike'], 'c4 play: --level: unknown level "godlike"'],
    [['perft', '3', '--game', 'five', '--variant', '7x6'], 'Five-in-a-Row is played on 9x6c5 only'],
  ])('%j fails with one line naming the problem, exit 2', async (args, message) => {
    const { code, out, err } = await runCli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('perft --game prints ply, positions and move sequences', async () => {
    const { code, out } = await runCli(['perft', '3', '--game', 'popout']);
    expect(code).toBe(0);
    expect(out).toBe('0 1 1\n1 7 7\n2 49 49\n3 245 392\n');
    expect((await runCli(['perft', '2', '--game', 'classic'])).out).toBe('0 1 1\n1 7 7\n2 49 49\n');
  });

  it('play --game popout takes drops and pops, explains bad input and prints the replay', async () => {
    const { code, out } = await runCli(
      ['play', '--game', 'popout'],
      ['4', 'p4', '4', 'x', 'p9', 'p4', '1', 'u', '1', 'q', ''].join('\n'),
    );
    expect(code).toBe(0);
    expect(out).toContain('PopOut: connect 4 on 7x6');
    expect(out).toContain(
      'Not possible: column 4 has no Yellow disc at the bottom (its bottom disc is Red)',
    );
    expect(out).toContain('Please type a column number from 1 to 7 (or p and a column) (or u, q).');
    expect(out).toContain('Not possible: column 9 does not exist');
    expect(out).toContain('Replay with: c4 show popout:44p41');
  });

  it('play --game five plays to a win', async () => {
    const { out } = await runCli(['play', '--game', 'five'], '2\n2\n3\n3\n4\n4\n5\n');
    expect(out).toContain('outcome: X (Red) wins');
    expect(out).toContain('Replay with: c4 show five:2233445');
  });
});
