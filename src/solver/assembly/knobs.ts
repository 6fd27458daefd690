// The test build's switches (the production build has none): each turns one rule of the search
// off, or moves one threshold, to check or measure it on its own.

import { MIRROR_KEY_PLIES } from './common/mirror';
import { mirrorKeyFixed, mirrorKeyPlies, nearBits, nearEmpty } from './table';
import {
  childClaimeven,
  dominated,
  etcChains,
  failSoft,
  forcedThrough,
  lineBounds,
  staticWins,
  symmetry,
} from './search';

/** 0 turns off the static check of each move (a move the opponent cannot answer). */
export function setStaticWins(on: i32): void {
  staticWins = on != 0;
}
/** 0 turns off the claimeven check of each move. */
export function setChildClaimeven(on: i32): void {
  childClaimeven = on != 0;
}
/** 0 searches positions with one move left like any other. */
export function setForcedThrough(on: i32): void {
  forcedThrough = on != 0;
}
/** 0 searches both halves of a mirror-image position. */
export function setSymmetry(on: i32): void {
  symmetry = on != 0;
}
/** 0 turns off the bounds from lines no longer open to a side (connect 5 and more). */
export function setLineBounds(on: i32): void {
  lineBounds = on != 0;
}
/** 0 makes the claimeven bound give up on any line of ours. */
export function setDominated(on: i32): void {
  dominated = on != 0;
}
/** 0 returns alpha itself where no move reaches it (fail-hard). */
export function setFailSoft(on: i32): void {
  failSoft = on != 0;
}
/** 0 reads no entry past a child with one move left. */
export function setEtcChains(on: i32): void {
  etcChains = on != 0;
}
/** Mirror keys below `plies` discs; -1: by the root (the default). */
export function setMirrorKeys(plies: i32): void {
  mirrorKeyFixed = plies;
  mirrorKeyPlies = plies < 0 ? MIRROR_KEY_PLIES : plies;
}
/**
 * Positions of at most `empty` empty cells (-1: none) in the first 2^bits entries (the defaults:
 * 16, 18). Takes effect with the next search's first region.
 */
export function setNearEnd(empty: i32, bits: i32): void {
  nearEmpty = empty;
  nearBits = bits;
}
