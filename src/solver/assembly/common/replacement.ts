// Which slot of a table bucket (two slots) a new entry takes, the same for every board width.
// One slot keeps the entry nearest the root, the other takes the rest: entries of big subtrees
// are worth most, and with one slot they were overwritten before another probe came for them.

/**
 * The slot (0 or 1) an entry of a position of `moves` discs overwrites in a bucket whose slots
 * are `live0`/`live1` (of this generation) with entries of `moves0` discs in the first slot: an
 * empty or stale slot, else the first unless its entry is nearer the root, else the second.
 */
@inline
export function victimSlot(live0: bool, live1: bool, moves0: i32, moves: i32): i32 {
  if (!live0) return 0;
  if (!live1) return 1;
  return moves0 >= moves ? 0 : 1;
}
