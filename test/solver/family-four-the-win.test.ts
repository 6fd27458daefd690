// The family solver's PopOut values against Four the Win! (github.com/TheTrustedComputer/
// Four-The-Win, C, MIT), built outside the repository, its executable in C4_FOUR_THE_WIN: the
// same score (win/draw/loss and plies to the end) on every position of the sample of real
// games in scripts/bench/popout-positions.txt (Casual against Intermediate, seeded). Without the
// executable the suite is skipped and named, in CI too (reference data no CI machine has);
// test/solver/family-solver.test.ts checks the solver everywhere against retrograde analysis.
import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseFamilyGame } from '../../src/core/index.js';
import { solveFamily } from '../../src/solver/family/index.js';
import { FOUR_THE_WIN_ENV, fourTheWin } from '../../scripts/bench/four-the-win.js';
import { describeIfReference } from '../support/skips.js';

const executable = process.env[FOUR_THE_WIN_ENV];
const missing =
  executable === undefined
    ? `${FOUR_THE_WIN_ENV} (a Four the Win! executable) not set`
    : existsSync(executable)
      ? undefined
      : `${FOUR_THE_WIN_ENV}=${executable} does not exist`;

/** How many sample positions (the file's first ones); C4_FOUR_THE_WIN_POSITIONS overrides. */
const take = Number(process.env['C4_FOUR_THE_WIN_POSITIONS'] ?? 24);

describeIfReference('PopOut values equal Four the Win!', missing, () => {
  it(`on the first ${take} positions of the sample`, { timeout: 1_800_000 }, () => {
    const lines = readFileSync(
      new URL('../../scripts/bench/popout-positions.txt', import.meta.url),
      'utf8',
    )
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, take);
    const wrong: string[] = [];
    for (const line of lines) {
      const position = parseFamilyGame(line);
      if (!position.ok) throw position.error;
      // The value alone, as Four the Win! finds it (best moves would double the time).
      const ours = solveFamily(position.value, { best: false });
      const theirs = fourTheWin(executable!, position.value.moves);
      expect(ours.exact, line).toBe(true);
      if (ours.score !== theirs.score) wrong.push(`${line}: ${ours.score} != ${theirs.score}`);
    }
    expect(wrong).toEqual([]);
    expect(lines.length).toBe(take);
  });
});
