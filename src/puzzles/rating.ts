/** The local puzzle rating: Elo against each puzzle's difficulty. */
export const START_RATING = 1200;
const K = 32;

/** The player's new rating after solving (or failing) a puzzle of rating `puzzle`. */
export function updateRating(player: number, puzzle: number, solved: boolean): number {
  const expected = 1 / (1 + 10 ** ((puzzle - player) / 400));
  return Math.round(player + K * ((solved ? 1 : 0) - expected));
}

/**
 * The day's puzzle, the same for everyone on that (UTC) day: an FNV-1a hash of the date
 * picks the index.
 */
export function dailyIndex(day: string, count: number): number {
  if (count <= 0) throw new RangeError('no puzzles to choose from');
  let hash = 0x811c9dc5;
  for (const char of day) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/** `YYYY-MM-DD` of a time, in UTC. */
export const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * The next puzzle to offer: an unsolved one closest in rating to the player's, ties by list
 * order (so the choice is repeatable).
 */
export function nextPuzzleIndex(
  ratings: readonly number[],
  player: number,
  done: ReadonlySet<number>,
): number | null {
  let best: number | null = null;
  for (let i = 0; i < ratings.length; i++) {
    if (done.has(i)) continue;
    if (best === null || Math.abs(ratings[i]! - player) < Math.abs(ratings[best]! - player))
      best = i;
  }
  return best;
}
