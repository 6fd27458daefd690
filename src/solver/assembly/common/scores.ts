// Scores and the bounds on them, the same for every board width. A win with the disc after m
// discs scores (cells + 1 - m) / 2 for the side to move, a loss the negative, a draw 0.

/** The score of winning with the next disc, `moves` discs played on `cells` cells. */
@inline
export function winNow(cells: i32, moves: i32): i32 {
  return (cells + 1 - moves) / 2;
}

/** The score of losing to the opponent's next disc. */
@inline
export function lossNext(cells: i32, moves: i32): i32 {
  return -(cells - moves) / 2;
}

/** The least score when the opponent cannot win with its next disc: losing on the one after. */
@inline
export function lossLater(cells: i32, moves: i32): i32 {
  return -(cells - 2 - moves) / 2;
}

/** The best score when we cannot win with our next disc: winning with the one after. */
@inline
export function winLater(cells: i32, moves: i32): i32 {
  return (cells - 1 - moves) / 2;
}

/** The best score when no move wins with our disc after next either. */
@inline
export function winLatest(cells: i32, moves: i32): i32 {
  return (cells - 3 - moves) / 2;
}

/** `x` within [min, max]. */
@inline
export function clamp(x: i32, min: i32, max: i32): i32 {
  return x < min ? min : x > max ? max : x;
}
