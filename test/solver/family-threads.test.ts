// The PopOut search on two threads (src/solver/family/fast-shared.ts, a helper in a worker
// thread) against one thread: the same answers to "wins (loses) within d plies?" with helpers
// joining every question, with and without splitting children, and the same scores from
// solveFamily and `c4 solve --game popout --threads 2` on known-answer positions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFamilyGame } from '../../src/core/index.js';
import { solveFamily } from '../../src/solver/family/index.js';
import { FastPopOut } from '../../src/solver/family/fast.js';
import { sharedTablesSupported } from '../../src/solver/index.js';
import { PopOutThreads } from '../../src/cli/search-threads.js';
import { runCli } from '../cli/run-cli.js';
import { describeIf } from '../support/skips.js';
import { ruleset, sampleGames } from './family-samples.js';

/**
 * Positions of scripts/bench/popout-positions.txt with their scores, as one thread and Four the
 * Win! give them (BENCHMARKS.md, "PopOut vs Four the Win!", positions 1-24): each takes under
 * a second on one thread.
 */
const KNOWN: readonly (readonly [string, number])[] = [
  ['popout:112243', 985],
  ['popout:1122433223p24', -996],
  ['popout:34453p5', 989],
  ['popout:34453p5445', -990],
  ['popout:2531666533526552263256p21111', 985],
  ['popout:436157', 989],
  ['popout:436157444', -986],
  ['popout:4361574445155p15', -988],
];

describeIf(
  'PopOut on two threads',
  sharedTablesSupported() ? undefined : 'no shared memory',
  () => {
    let threads: PopOutThreads;
    let engine: FastPopOut;
    beforeAll(async () => {
      threads = await PopOutThreads.start(2, 18, 7, 6);
      engine = new FastPopOut(7, 6, 18, threads.table);
    });
    afterAll(() => threads.close());

    // Helpers join every question from its first node; with marks, threads split the children
    // of every node down to 2 plies left, so even short questions exercise the deferral.
    for (const [plies, minDepth] of [
      [64, 2],
      [0, 99],
    ] as const) {
      it(`answers as one thread (split ${plies} plies deep)`, { timeout: 120_000 }, () => {
        engine.setParallel(1, plies, minDepth);
        engine.clear();
        const single = new FastPopOut(7, 6, 18);
        const rules = ruleset('popout', 7, 6, 4);
        let answered = 0;
        for (const position of sampleGames(rules, 30 + plies, 16, 50)) {
          const moves = position.moves.map((m) => (m.kind === 'drop' ? m.column : 7 + m.column));
          for (let d = 1; d <= 11; d++) {
            for (const side of [1, -1] as const) {
              const want = single.ask(moves, d, side, {}).value;
              expect(engine.ask(moves, d, side, {}).value, `${moves.join(',')} ${side} ${d}`).toBe(
                want,
              );
              answered++;
            }
          }
        }
        expect(answered).toBeGreaterThan(150);
        // The helper really searched.
        expect(engine.takeHelperNodes()).toBeGreaterThan(0);
      });
    }

    it('solves known-answer positions with the same scores', { timeout: 120_000 }, () => {
      engine.setParallel(1 << 14, 0, 99);
      engine.clear();
      for (const [text, score] of KNOWN) {
        const position = parseFamilyGame(text);
        if (!position.ok) throw position.error;
        const result = solveFamily(position.value, { best: false, shared: threads.table });
        expect(result, text).toMatchObject({ score, exact: true });
      }
    });
  },
);

describe('c4 solve --game popout --threads', () => {
  it('prints what one thread prints', { timeout: 120_000 }, async () => {
    const input = KNOWN.slice(0, 4)
      .map(([text]) => text.slice('popout:'.length))
      .join('\n');
    const one = await runCli(['solve', '--game', 'popout', '--analyze'], input);
    const two = await runCli(['solve', '--game', 'popout', '--analyze', '--threads', '2'], input);
    expect(two).toEqual(one);
    expect(one.code).toBe(0);
    expect(one.out.split('\n').length).toBe(5);
  });

  it('is refused for Five-in-a-Row', async () => {
    const result = await runCli(['solve', '--game', 'five', '--threads', '2'], '');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--threads is for the classic game and PopOut only/);
  });
});
