import { botLevelFor, botRating, type BotLevel } from '../../rating/index.js';
// Only the level names: the AI's search (and the solver's wasm) load in the worker threads.
import { levelLabel } from '../../ai/levels.js';
import { parseRuleset, variantToString } from '../../core/index.js';
import type { SeatPlayer } from '../game/state.js';
import type { ClockSetting } from '../../protocol/index.js';
import { COMPUTER_PREFIX, poolOfGame } from '../ratings.js';
import type { PartnerChooser } from '../store/types.js';

/** Pairing accepts this rating gap at once, widening by `RANGE_PER_SECOND` as either side waits. */
export const RANGE_START = 150;
export const RANGE_PER_SECOND = 40;
/**
 * Rated games between the same two identities from one address in a day before further ones
 * are casual: enough for a rematch series between housemates, too few to farm points.
 */
export const FARM_LIMIT = 3;

/**
 * A quick-match pool: seekers meet only within one (game, clock, and rated or casual). The
 * classic game's pools are named by board (`7x6c4/none`), as before the family; the others by
 * the game (`popout/60000+0`).
 */
export function poolOf(game: string, clock: ClockSetting | null, rated = true): string {
  const ruleset = parseRuleset(game);
  const name =
    ruleset.ok && ruleset.value.game === 'classic' ? variantToString(ruleset.value.variant) : game;
  return `${name}/${clock ? `${clock.initialMs}+${clock.incrementMs}` : 'none'}${rated ? '' : '/casual'}`;
}

const ratingOf = (p: SeatPlayer | null | undefined): number => p?.rating ?? 1500;

/**
 * The closest-rated waiting seek within the allowed gap, never the seeker itself (same seat
 * secret or same player, e.g. two tabs or two identities of one browser: both seek with the
 * browser's one seat secret).
 */
export const closeRatings =
  (now: number, waitingSince: number): PartnerChooser =>
  (arriving, candidates) => {
    const mine = ratingOf(arriving.player);
    let best: { gap: number; index: number } | undefined;
    candidates.forEach((c, index) => {
      if (c.secretHash === arriving.secretHash) return;
      if (c.player && arriving.player && c.player.id === arriving.player.id) return;
      const waited = Math.max(now - c.createdAt, now - waitingSince, 0);
      const gap = Math.abs(ratingOf(c.player) - mine);
      if (gap > RANGE_START + (RANGE_PER_SECOND * waited) / 1000) return;
      if (!best || gap < best.gap) best = { gap, index };
    });
    return best ? candidates[best.index] : undefined;
  };

/** The computer as a seat: the level nearest the player's rating in the game's pool. */
export function computerFor(game: string, player: SeatPlayer | null): SeatPlayer {
  const pool = poolOfGame(game);
  const level: BotLevel = botLevelFor(pool, ratingOf(player));
  const parsed = parseRuleset(game);
  const name = parsed.ok ? levelLabel(level, parsed.value.variant) : level;
  return {
    id: `${COMPUTER_PREFIX}${level}`,
    name: `Computer (${name})`,
    computer: level,
    rating: botRating(pool, level).rating,
    provisional: false,
  };
}
