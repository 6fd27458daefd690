// Mirror-image keys, the same for every board width: positions of fewer discs than the limit
// are stored under the lesser of their key and their mirror image's (the same score, the best
// column mirrored), so a subtree searched once answers for its mirror image too wherever the
// search meets it. Deeper, mirror images meet rarely and the mirroring costs more per node than
// it saves, more so from deeper roots. An entry always describes the position its key is (its
// best column in that orientation), so the limit may differ between searches sharing a table.

export const MIRROR_KEY_PLIES_NEAR: i32 = 24;
export const MIRROR_KEY_PLIES: i32 = 16;
export const MIRROR_NEAR_ROOT: i32 = 4;
// Mirror-image positions (the search plays half their moves) occur near the root; past this
// many discs they are too rare to repay the check.
export const SYMMETRY_PLIES: i32 = 16;

/** The limit for a search from a root of `rootMoves` discs. */
export function mirrorKeyPliesFor(rootMoves: i32): i32 {
  return rootMoves <= MIRROR_NEAR_ROOT ? MIRROR_KEY_PLIES_NEAR : MIRROR_KEY_PLIES;
}

/** The column `col` names in the orientation of a key (`flip`: the mirror image's), `none` kept. */
@inline
export function mirrorColumn(col: u32, flip: bool, width: i32, none: u32): u32 {
  return flip && col != none ? u32(width - 1) - col : col;
}
