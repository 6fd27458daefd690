import fc from 'fast-check';
import {
  createRuleset,
  GamePosition,
  unwrap,
  type GameName,
  type Ruleset,
} from '../../src/core/index.js';

/** PopOut and classic on boards small enough for full boards and pops to come up often. */
export const familyRulesetArb: fc.Arbitrary<Ruleset> = fc.oneof(
  fc.constant(unwrap(createRuleset({ game: 'five' }))),
  fc
    .record({
      game: fc.constantFrom<GameName>('popout', 'classic'),
      width: fc.integer({ min: 3, max: 12 }),
      height: fc.integer({ min: 3, max: 8 }),
    })
    .chain(({ game, width, height }) =>
      fc
        .integer({ min: 3, max: Math.min(5, Math.max(width, height)) })
        .map((connect) => unwrap(createRuleset({ game, board: { width, height, connect } }))),
    ),
);

/** A random game: each pick is reduced modulo the legal moves, so every sequence is playable. */
export function familyGameArb(
  rulesetArb: fc.Arbitrary<Ruleset> = familyRulesetArb,
  maxLength = 80,
): fc.Arbitrary<GamePosition> {
  return rulesetArb.chain((ruleset) =>
    fc.array(fc.nat(), { maxLength }).map((picks) => playFamilyPicks(ruleset, picks)),
  );
}

export function playFamilyPicks(ruleset: Ruleset, picks: readonly number[]): GamePosition {
  const position = GamePosition.start(ruleset);
  for (const pick of picks) {
    const legal = position.legalMoves();
    if (legal.length === 0) break;
    unwrap(position.play(legal[pick % legal.length]!));
  }
  return position;
}
