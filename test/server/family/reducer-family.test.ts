import { describe, expect, it } from 'vitest';
import { POP_CODE, canonicalGame, poolOfGame } from '../../../src/server/game/family.js';
import { newGame, reduce, rematchOf, type Command } from '../../../src/server/game/reducer.js';
import type { GameState } from '../../../src/server/game/state.js';
import { toPublic } from '../../../src/server/game/view.js';

/**
 * The family's games in the server's pure reducer: moves with a kind, checked by the rules
 * core; a refused move returns the stored state itself (nothing to store) and a stable code.
 */

const T0 = 1_000_000;

function started(game: string, variant: string): GameState {
  return newGame({ id: 'g1', game, variant, clock: null, seats: ['a', 'b'] }, T0);
}

/** Plays `moves` ("4", "p4" in the family's notation, 1-based) from `state`, failing on a refusal. */
function play(state: GameState, notation: string): GameState {
  for (const token of notation.match(/p?\d/g) ?? []) {
    const pop = token.startsWith('p');
    const column = Number(token.slice(pop ? 1 : 0)) - 1;
    const by = state.moves.length % 2 === 0 ? 1 : 2;
    const next = reduce(
      state,
      { type: 'move', by, column, kind: pop ? 'pop' : 'drop', version: state.version },
      T0,
    );
    if (!next.ok) throw new Error(`${token}: ${next.error.code} ${next.error.message}`);
    state = next.value.state;
  }
  return state;
}

const move = (state: GameState, column: number, kind: 'drop' | 'pop'): Command => ({
  type: 'move',
  by: state.moves.length % 2 === 0 ? 1 : 2,
  column,
  kind,
  version: state.version,
});

describe('the family in the reducer', () => {
  it('plays PopOut pops: stored as codes, sent as columns with their indexes in `pops`', () => {
    const state = play(started('popout', '7x6c4'), '44p4');
    expect(state.moves).toEqual([3, 3, POP_CODE + 3]);
    const view = toPublic(state, [true, true], T0);
    expect(view).toMatchObject({ game: 'popout', moves: [3, 3, 3], pops: [2], notation: '44p4' });
  });

  it.each([
    // [game, moves before, the refused move, code]
    ['popout', '4', [3, 'pop'], 'pop_illegal'], // Yellow pops Red's disc
    ['popout', '', [3, 'pop'], 'pop_illegal'], // an empty column
    ['classic', '44', [3, 'pop'], 'pop_not_allowed'],
    ['five', '', [4, 'pop'], 'pop_not_allowed'],
    ['five', '', [0, 'drop'], 'illegal_move'], // the set-up fills the outer columns
    ['popout', '', [7, 'drop'], 'illegal_move'],
  ] as const)('%s after "%s": %j is refused with %s, nothing changed', (game, before, m, code) => {
    const board = game === 'five' ? '9x6c5' : '7x6c4';
    const state = play(started(game, board), before);
    const refused = reduce(state, move(state, m[0], m[1]), T0 + 5);
    expect(refused).toMatchObject({ ok: false, error: { code } });
    if (!refused.ok) expect(refused.error.message).toMatch(/column \d/);
    // The record is untouched: the next legal move still applies to version `state.version`.
    expect(play(state, '3').version).toBe(state.version + 1);
  });

  it('names the disc a refused pop would take', () => {
    const state = play(started('popout', '7x6c4'), '4');
    const refused = reduce(state, move(state, 3, 'pop'), T0);
    expect(!refused.ok && refused.error.message).toBe(
      'column 4 has no Yellow disc at the bottom (its bottom disc is Red)',
    );
  });

  it('draws PopOut on the third repetition, with the reason', () => {
    // Red and Yellow each drop, then each pop its own disc: the empty board with Red to move
    // again. The third time it stands there the game is drawn.
    const state = play(started('popout', '7x6c4'), '12p1p2' + '12p1p2');
    expect(state.status).toBe('finished');
    expect(state.result).toEqual({ kind: 'draw', reason: 'repetition' });
  });

  it('wins Five-in-a-Row with five, through the set-up discs', () => {
    // Red's bottom row: the set-up's Red disc in column 1, then columns 2–5.
    const state = play(started('five', '9x6c5'), '2' + '2' + '3' + '3' + '4' + '4' + '5');
    expect(state.result).toEqual({ kind: 'win', winner: 1, reason: 'connect' });
    expect(state.winCells).toContainEqual({ column: 0, row: 0 });
  });

  it('keeps the classic game as it was: its draws say `draw`', () => {
    const state = play(started('4x4c4', '4x4c4'), '1111222233344434');
    expect(state.result).toEqual({ kind: 'draw', reason: 'draw' });
    expect(toPublic(state, [true, true], T0)).toMatchObject({ game: '4x4c4', pops: [] });
  });

  it('makes the rematch of a PopOut game a PopOut game', () => {
    const state = play(started('popout', '7x6c4'), '4');
    const resigned = reduce(state, { type: 'resign', by: 2 }, T0);
    if (!resigned.ok) throw new Error(resigned.error.message);
    expect(rematchOf(resigned.value.state, 'g2', T0)).toMatchObject({ game: 'popout', moves: [] });
  });

  it('reads a record stored before the family as the classic game on its board', () => {
    const old = newGame({ id: 'g0', variant: '7x6c4', clock: null, seats: ['a', 'b'] }, T0);
    expect(old.game).toBeUndefined();
    expect(toPublic(play(old, '44'), [true, true], T0)).toMatchObject({
      game: 'classic',
      notation: '44',
    });
  });
});

describe('a game as requests name it', () => {
  it.each([
    [undefined, '7x6', { game: 'classic', variant: '7x6c4' }],
    [undefined, '7x7c5', { game: '7x7c5', variant: '7x7c5' }],
    ['popout', undefined, { game: 'popout', variant: '7x6c4' }],
    ['popout', '8x7', { game: 'popout-8x7c4', variant: '8x7c4' }],
    ['popout-8x7c4', '8x7c4', { game: 'popout-8x7c4', variant: '8x7c4' }],
    ['five', undefined, { game: 'five', variant: '9x6c5' }],
    ['five', '9x6c5', { game: 'five', variant: '9x6c5' }],
    ['classic', undefined, { game: 'classic', variant: '7x6c4' }],
  ] as const)('game %s on %s is %j', (game, variant, expected) => {
    expect(canonicalGame(game, variant)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['banana', undefined, 'bad_game'],
    ['five', '7x6', 'bad_game'],
    ['popout-8x7c4', '7x6', 'bad_game'],
    [undefined, '2x2c9', 'bad_variant'],
    [undefined, undefined, 'bad_message'],
  ] as const)('game %s on %s is refused with %s', (game, variant, code) => {
    expect(canonicalGame(game, variant)).toMatchObject({ ok: false, error: { code } });
  });

  it('rates each family game in a pool of its own, the classic game by board', () => {
    expect(['classic', '8x7c4', '7x7c5', 'popout', 'popout-8x7c4', 'five'].map(poolOfGame)).toEqual(
      ['classic', 'connect4', 'connectN', 'popout', 'popout', 'five'],
    );
  });
});
