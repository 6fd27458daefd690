import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('c4 bestmove and arena with --game (the family)', () => {
  it('bestmove finds a winning pop and writes it in the notation', async () => {
    const { code, out } = await runCli([
      'bestmove',
      '--level',
      'strong',
      '--explain',
      'popout:235734p2345272257',
    ]);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^p5 score=\+\d+ heuristic$/);
    expect(out).toContain('Strong: Wins now');
  });

  it('bestmove reads moves with --game and is repeatable with a seed', async () => {
    const args = ['bestmove', '-l', 'casual', '--game', 'five', '55', '--seed', '3'];
    const first = await runCli(args);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^[2-8] score=-?\d+ heuristic\n$/);
    expect((await runCli(args)).out).toBe(first.out);
  });

  it.each([
    [
      ['bestmove', '-l', 'casual', 'popout:44p3'],
      'c4 bestmove: move 3: column 3 has no Red disc at the bottom (it is empty)',
    ],
    [
      ['bestmove', '-l', 'casual', '--game', 'five', '1'],
      'c4 bestmove: move 1: column 1 is full (it is filled before the first move)',
    ],
    [['bestmove', '-l', 'casual', 'popout:1212121'], 'c4 bestmove: the game is over'],
    [['bestmove', '-l', 'casual', '--game', 'pop', '4'], 'c4 bestmove: --game: unknown game "pop"'],
  ])('%j is refused naming the problem', async (args, message) => {
    const { code, out, err } = await runCli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
  });

  it('arena plays PopOut games between two levels and prints the score', async () => {
    const { code, out } = await runCli([
      'arena',
      '--game',
      'popout',
      '--a',
      'beginner',
      '--b',
      'beginner',
      '-n',
      '2',
      '--print-games',
    ]);
    expect(code).toBe(0);
    const games = out.trim().split('\n');
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game).toMatch(/^popout:[1-7p]+$/);
      const shown = await runCli(['show', game]);
      expect(shown.code).toBe(0);
    }
  });

  it('arena refuses the classic-only flags for the family', async () => {
    const { code, err } = await runCli([
      'arena',
      '--game',
      'five',
      '--a',
      'casual',
      '--b',
      'beginner',
      '--check-ms',
      '10',
    ]);
    expect(code).toBe(2);
    expect(err).toContain('--check-ms is for the classic game only');
  });
});

describe('c4 play --game with --vs', () => {
  it('the computer answers every move, undo takes back its reply too', async () => {
    const { code, out } = await runCli(
      ['play', '--game', 'popout', '--vs', 'casual'],
      ['4', 'u', '4', 'q', ''].join('\n'),
    );
    expect(code).toBe(0);
    expect(out).toContain('You are playing Casual at PopOut.');
    expect(out.match(/O \(Yellow\) \(computer\) plays \d/g)).toHaveLength(2);
    expect(out).toMatch(/Replay with: c4 show popout:4\d\n/);
  });

  it('with --first computer the computer opens Five-in-a-Row', async () => {
    const { out } = await runCli(
      ['play', '--game', 'five', '--vs', 'beginner', '--first', 'computer'],
      'q\n',
    );
    expect(out).toMatch(/X \(Red\) \(computer\) plays [2-8]\n/);
  });
});

describe('c4 solve and review with --game (the family)', () => {
  it('solve prints exact scores per line, and every move with --analyze', async () => {
    const solved = await runCli(['solve', '--game', 'popout', '--variant', '4x4c3'], '\n12\n');
    expect(solved.code).toBe(0);
    expect(solved.out).toBe(' +991\n12 +993\n');
    const analysed = await runCli(['solve', '-g', 'popout', '-v', '4x4c3', '--analyze'], '12\n');
    expect(analysed.out).toBe('12 1:+993 2:+991 3:+989 4:-988 p1:-996\n');
  });

  it('solve names a bad line and exits 1, after answering the good ones', async () => {
    const { code, out, err } = await runCli(
      ['solve', '--game', 'popout', '--variant', '4x4c3'],
      '1p1\n12\n',
    );
    expect(code).toBe(1);
    expect(out).toBe('12 +993\n');
    expect(err).toContain(
      'line 1: move 2: column 1 has no Yellow disc at the bottom (its bottom disc is Red)',
    );
  });

  it('solve reads game strings as c4 show prints them, and names the flags for another game', async () => {
    const { code, out, err } = await runCli(
      ['solve', '--game', 'popout', '--variant', '4x4c3'],
      'popout-4x4c3:12\nfive:55\n7x6c4:4\n',
    );
    expect(code).toBe(1);
    expect(out).toBe('popout-4x4c3:12 +993\n');
    expect(err).toContain(
      'line 2: "five:55" is a game of five, but this run solves popout-4x4c3: run c4 solve --game five for it',
    );
    expect(err).toContain('line 3: "7x6c4:4" is a game of 7x6c4, but this run solves');
    expect(err).toContain('run c4 solve --variant 7x6c4 for it');
    const classic = await runCli(['solve'], '7x6c4:4455\npopout:44\n');
    expect(classic.out).toBe('7x6c4:4455 18\n');
    expect(classic.err).toContain('"popout:44" is a game of popout, but this run solves 7x6c4');
    expect(classic.err).toContain('run c4 solve --game popout for it');
  });

  it('solve prints x where the node budget runs out, and refuses classic-only flags', async () => {
    const cut = await runCli(['solve', '--game', 'popout', '--max-nodes', '10'], '4\n');
    expect(cut.out).toBe('4 x\n');
    const weak = await runCli(['solve', '--game', 'five', '--weak'], '');
    expect(weak.code).toBe(2);
    expect(weak.err).toContain('--weak is for the classic game only');
  });

  it('solve takes a PopOut table size, and refuses one for Five-in-a-Row', async () => {
    const small = await runCli(
      ['solve', '--game', 'popout', '--variant', '4x4c3', '--table-bits', '12'],
      '12\n',
    );
    expect(small.out).toBe('12 +993\n');
    const five = await runCli(['solve', '--game', 'five', '--table-bits', '20'], '');
    expect(five.code).toBe(2);
    expect(five.err).toContain('--table-bits is for the classic game and PopOut');
    const huge = await runCli(['solve', '--game', 'popout', '--table-bits', '40'], '');
    expect(huge.code).toBe(2);
    expect(huge.err).toContain('table-bits');
  });

  it('review judges each move with the solver and summarises', async () => {
    const { code, out } = await runCli(['review', 'popout-4x4c3:1234']);
    expect(code).toBe(0);
    expect(out).toContain('Review of popout-4x4c3:1234: unfinished');
    expect(out).toMatch(
      / {3}1 {2}Red {8}1 {2}~ Kept the result {9}win in 6 moves {8}2 \(win in 5 moves\)/,
    );
    expect(out).toContain('Red: 0 best, 2 kept the result but slower');
    const json = JSON.parse((await runCli(['review', '--json', 'popout-4x4c3:1234'])).out) as {
      moves: { played: string; class: string }[];
    };
    expect(json.moves.map((m) => m.class)).toEqual(['slower', 'slower', 'slower', 'slower']);
  });

  it('review names an illegal pop with exit 2', async () => {
    const { code, err } = await runCli(['review', '--game', 'popout', '44p3']);
    expect(code).toBe(2);
    expect(err).toContain('move 3: column 3 has no Red disc at the bottom (it is empty)');
  });
});
