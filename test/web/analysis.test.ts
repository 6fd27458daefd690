import { describe, expect, it } from 'vitest';
import { createVariant, unwrap } from '../../src/core/index.js';
import { Analyst, hintsWanted } from '../../src/web/local/analysis.js';
import { DEFAULT_SETTINGS, initialState, reduce, type Action } from '../../src/web/state/game.js';
import type { Hint } from '../../src/web/state/hints.js';
import type { GameState, Mode } from '../../src/web/state/types.js';
import { FakeSearch } from './fakes.js';

const env = { random: () => 0.5 };
const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, action) => reduce(s, action, env).state, state);
const start = (mode: Mode, hints = true): GameState =>
  initialState({ ...DEFAULT_SETTINGS, mode, hints });
const drop = (column: number): Action => ({ type: 'drop', column });
const wins: Hint[] = Array.from({ length: 7 }, () => ({ kind: 'win', moves: 3 }));

function setup() {
  const search = new FakeSearch();
  let updates = 0;
  const errors: string[] = [];
  const analyst = new Analyst(
    search,
    () => updates++,
    (message) => errors.push(message),
  );
  return { search, analyst, errors, updates: () => updates };
}

describe('hints', () => {
  it('are wanted for people only, and always on the analysis board', () => {
    expect(hintsWanted(start('analysis', false))).toBe(true);
    expect(hintsWanted(start('pvp', false))).toBe(false);
    expect(hintsWanted(start('pvp'))).toBe(true);
    expect(hintsWanted(start('watch'))).toBe(false);
    const cpuTurn = run(start('cpu'), drop(3));
    expect(hintsWanted(cpuTurn)).toBe(false);
  });

  it('show unknowns while solving, then each pass, then the final answer', () => {
    const { search, analyst, updates } = setup();
    const state = run(start('pvp'), drop(3));
    analyst.update(state);
    expect(search.requests).toEqual([
      { type: 'analyze', game: { width: 7, height: 6, connect: 4, moves: [3] } },
    ]);
    expect(analyst.shown(state)?.every((h) => h.kind === 'unknown')).toBe(true);
    expect(analyst.pending(state)).toBe(true);
    expect(analyst.note(state)).toBe('Analysing for Yellow…');
    search.reply({ type: 'analysis', hints: wins, final: false, exact: true, threads: 1 });
    expect(updates()).toBe(1);
    expect(analyst.shown(state)).toEqual(wins);
    expect(analyst.note(state)).toMatch(/Still solving…$/);
    search.reply({ type: 'analysis', hints: wins, final: true, exact: true, threads: 1 });
    expect(analyst.pending(state)).toBe(false);
    expect(analyst.note(state)).toBe(
      'For Yellow: W3 = win in 3 of your moves, D = draw, L5 = loss in 5.',
    );
  });

  it('drop a reply for a position no longer on screen, and cancel its search', () => {
    const { search, analyst, updates } = setup();
    const first = run(start('pvp'), drop(3));
    analyst.update(first);
    const second = run(first, drop(2));
    analyst.update(second);
    search.reply({ type: 'analysis', hints: wins, final: true, exact: true, threads: 1 }, 0);
    expect(updates()).toBe(0);
    expect(analyst.hintsFor(second)?.list).toEqual([]);
    expect(analyst.hintsFor(first)).toBeNull();
  });

  it('ask once per position: going back to a solved one uses the answer kept', () => {
    const { search, analyst } = setup();
    const first = run(start('pvp'), drop(3));
    analyst.update(first);
    search.reply({ type: 'analysis', hints: wins, final: true, exact: true, threads: 1 });
    const second = run(first, drop(2));
    analyst.update(second);
    const back = run(second, { type: 'undo' });
    analyst.update(back);
    expect(search.requests).toHaveLength(2);
    expect(analyst.shown(back)).toEqual(wins);
    expect(analyst.pending(back)).toBe(false);
  });

  it('stop when hints are switched off or the game is over', () => {
    const { search, analyst } = setup();
    const on = run(start('pvp'), drop(3));
    analyst.update(on);
    const off = run(on, { type: 'settings', patch: { hints: false } });
    analyst.update(off);
    expect(search.cancels).toBe(1);
    expect(analyst.shown(off)).toBeNull();
    expect(analyst.note(off)).toBeNull();
    const over = run(start('pvp'), ...[0, 1, 0, 1, 0, 1, 0].map(drop));
    analyst.update(over);
    expect(analyst.shown(over)).toEqual([]);
  });

  it('never call a search stopped by its time limit solved', () => {
    const { search, analyst } = setup();
    const state = run(start('pvp'), drop(3));
    analyst.update(state);
    const cut: Hint[] = [
      ...wins.slice(0, -2),
      { kind: 'notWinning' },
      { kind: 'win', moves: null },
    ];
    search.reply({ type: 'analysis', hints: cut, final: true, exact: true, threads: 2 });
    const note = analyst.note(state)!;
    expect(note).toContain('≥D, ≤D = proven so far, no distance yet');
    expect(note).toMatch(/ Stopped at the time limit \(2 threads\): not all solved\.$/);
    expect(note).not.toContain('Solved');
    const estimated: Hint[] = [...wins.slice(0, -1), { kind: 'estimate', value: 1 }];
    search.reply({ type: 'analysis', hints: estimated, final: true, exact: true, threads: 1 });
    expect(analyst.note(state)).toMatch(
      /~ = an estimate \(not solved yet\)\. Stopped at the time limit: not all solved\.$/,
    );
  });

  it('say how many threads solved, when more than one', () => {
    const { search, analyst } = setup();
    const state = run(start('pvp'), drop(3));
    analyst.update(state);
    search.reply({ type: 'analysis', hints: wins, final: false, exact: true, threads: 2 });
    expect(analyst.note(state)).toMatch(/ Still solving \(2 threads\)…$/);
    search.reply({ type: 'analysis', hints: wins, final: true, exact: true, threads: 2 });
    expect(analyst.note(state)).toBe(
      'For Yellow: W3 = win in 3 of your moves, D = draw, L5 = loss in 5. Solved (2 threads).',
    );
    expect(analyst.hintsFor(state)?.threads).toBe(2);
    // Kept with the answer: back on this position, the same note.
    const next = run(state, drop(2));
    analyst.update(next);
    const back = run(next, { type: 'undo' });
    analyst.update(back);
    expect(analyst.note(back)).toMatch(/Solved \(2 threads\)\.$/);
  });

  it('say estimates are estimates, and report failures', () => {
    const { search, analyst, errors } = setup();
    const state = run(start('pvp'), drop(3));
    analyst.update(state);
    search.reply({ type: 'analysis', hints: wins, final: true, exact: false, threads: 1 });
    expect(analyst.note(state)).toMatch(
      /^Estimates for Yellow \(~\): this board is too big to solve exactly\. ★ = the search’s choice/,
    );
    const next = run(state, drop(3));
    analyst.update(next);
    search.reply({ type: 'error', message: 'boom' });
    expect(errors).toEqual(['boom']);
    expect(analyst.pending(next)).toBe(false);
  });
});

describe('the opening book on an analysis page', () => {
  /** Records the prefetch and the search requests in one list, in the order they happen. */
  function ordered() {
    const events: string[] = [];
    const search = new FakeSearch();
    const run = search.run.bind(search);
    search.run = (request, onReply) => {
      events.push('search');
      run(request, onReply);
    };
    const analyst = new Analyst(
      search,
      () => {},
      () => {},
      () => events.push('book'),
    );
    return { events, analyst };
  }

  it('is asked for before the search worker, on the classic analysis board', () => {
    const { events, analyst } = ordered();
    analyst.update(run(start('analysis'), drop(3), drop(3)));
    expect(events).toEqual(['book', 'search']);
  });

  it('is not asked for by a game with hints, nor by another board size', () => {
    const { events, analyst } = ordered();
    analyst.update(run(start('pvp'), drop(3)));
    expect(events).toEqual(['search']);
    const wide = ordered();
    const variant = unwrap(createVariant({ width: 7, height: 7, connect: 4 }));
    wide.analyst.update(
      initialState({ ...DEFAULT_SETTINGS, mode: 'analysis', hints: true, variant }),
    );
    expect(wide.events).toEqual(['search']);
  });
});
