import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// A 30-disc position the first player wins (score 2; from Pons' public end-game set).
const WON = '427566236745127177115664464254';

describe('c4 book strategy', () => {
  it('proves a strategy from a start position and writes it into the book', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c4-strategy-'));
    const out = join(dir, '7x6.book');
    const walk = ['book', 'strategy', '--start', WON, '--max-ply', '36', '--out', out];
    const built = await runCli([...walk, '--table-bits', '18']);
    expect(built.code).toBe(0);
    expect(built.err).toMatch(
      /strategy: wrote .*: 0 exact scores, complete to ply -1; [1-9]\d* proven losses; 0 proven not won/,
    );
    const lines = readFileSync(join(dir, '7x6-strategy.tsv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('# moves\tcolumn\tleaf\tnodes\tms');
    expect(lines[1]).toMatch(new RegExp(`^${WON}\\t[1-7]\\t[01]\\t\\d+\\t\\d+$`));

    const info = await runCli(['book', 'info', out]);
    expect(info.code).toBe(0);
    expect(info.out).toMatch(
      /^7x6c4: 0 exact scores, complete to ply -1; [1-9]\d* positions proven lost; 0 proven not won\n$/,
    );

    // Resuming re-walks the recorded decisions without searching again.
    const again = await runCli(walk);
    expect(again.code).toBe(0);
    expect(again.err).not.toMatch(/->/);
    const decisionLines = (text: string): string[] =>
      text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    const after = readFileSync(join(dir, '7x6-strategy.tsv'), 'utf8');
    expect(decisionLines(after)).toEqual(decisionLines(lines.join('\n')));
    // Each finished walk is recorded, so readers know which parts of the file are complete.
    expect(after.match(new RegExp(`^# complete\\twin\\t${WON}\\t36$`, 'gm'))).toHaveLength(2);
  });

  it('says so when the side to move does not win (lost or drawn), keeping nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c4-strategy-'));
    const out = join(dir, '7x6.book');
    for (const start of ['12156756715535615116237724723', '52677675164321472411331752454']) {
      const args = ['book', 'strategy', '--start', start, '--max-ply', '41', '--out', out];
      const { code, err } = await runCli(args);
      expect(code).toBe(1);
      expect(err).toBe(`c4 book: the side to move does not win after ${start}\n`);
    }
    expect(readFileSync(join(dir, '7x6-strategy.tsv'), 'utf8')).toBe(
      '# moves\tcolumn\tleaf\tnodes\tms\n',
    );
  });

  it('proves a win for the second player too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c4-strategy-'));
    const out = join(dir, '7x6.book');
    // 29 discs: the second player is to move and wins (score 6, Pons' end-game set).
    const start = '67152117737262713366376314254';
    const args = ['book', 'strategy', '--start', start, '--max-ply', '41', '--out', out];
    const { code } = await runCli(args);
    expect(code).toBe(0);
    const lines = readFileSync(join(dir, '7x6-strategy.tsv'), 'utf8').trim().split('\n');
    expect(lines[1]).toMatch(new RegExp(`^${start}\\t[1-7]\\t`));
  });

  it('proves a drawing strategy with --goal draw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c4-strategy-'));
    const out = join(dir, '7x6.book');
    // 29 discs, a draw with the first player to move (Pons' end-game set).
    const start = '52677675164321472411331752454';
    const args = ['book', 'strategy', '--goal', 'draw', '--start', start, '--max-ply', '41'];
    const { code, err } = await runCli([...args, '--out', out]);
    expect(code).toBe(0);
    expect(err).toMatch(/0 proven losses; [1-9]\d* proven not won/);
    const lines = readFileSync(join(dir, '7x6-strategy.tsv'), 'utf8').trim().split('\n');
    const decisions = lines.filter((line) => !line.startsWith('#'));
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.every((line) => line.endsWith('\tdraw'))).toBe(true);
    const bad = await runCli(['book', 'strategy', '--goal', 'lose', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('c4 book: --goal must be win or draw, got "lose"\n');
  });

  it('wants a ply limit that reaches the start', async () => {
    const { code, err } = await runCli(['book', 'strategy', '--start', '4444', '--max-ply', '2']);
    expect(code).toBe(2);
    expect(err).toBe('c4 book: --max-ply 2 is below the 4 discs of --start\n');
  });

  it('names a bad start position', async () => {
    const { code, err } = await runCli(['book', 'strategy', '--start', '48']);
    expect(code).toBe(2);
    expect(err).toMatch(/^c4 book: --start: .*8/);
  });
});
