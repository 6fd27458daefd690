// For tests (the test build only): the claimeven bound, the position's key and the table's raw
// entries.

import { SIZE, evenRows } from './variant';
import { posCur, posMask, posMoves } from './position';
import {
  HASH_MUL,
  NO_MOVE,
  activeBits,
  entryData,
  probe,
  ttBase,
  ttBits,
  ttStore,
  useBits,
} from './table';
import { NO_BOUND, claimevenBound } from './bitboards';
import { dominated } from './search';

/** For tests: the claimeven bound of the current position (64: none, or not applicable). */
export function claimevenBoundHere(): i32 {
  if (evenRows == 0 || ((SIZE - posMoves) & 1) != 0) return NO_BOUND;
  return claimevenBound(posCur, posMask, dominated);
}

/** Low and high 32 bits of the key of the current position (cur + mask). */
export function keyLow(): u32 {
  return u32(posCur + posMask);
}
export function keyHigh(): u32 {
  return u32((posCur + posMask) >> 32);
}

/** Probe for tests: the data `entryData` reads for `key` at slot `index` (0 = a miss). */
export function probeEntry(index: u32, keyLow: u32, keyHigh: u32): u32 {
  return entryData(ttBase + (usize(index) << 4), (u64(keyHigh) << 32) | u64(keyLow));
}

/** For tests: what a search finds for `key`, a position far from the end (0 = a miss). */
export function probeKey(keyLow: u32, keyHigh: u32): u32 {
  return probe((u64(keyHigh) << 32) | u64(keyLow), 0);
}

/** For tests: writes raw words into slot `index` (to forge torn or garbage entries). */
export function pokeEntry(index: u32, word: i32, low: u32, high: u32): void {
  store<u64>(ttBase + (usize(index) << 4) + (usize(word) << 3), (u64(high) << 32) | u64(low));
}

/** For tests: the first slot `key` (a position far from the end) may take, whole table in use. */
export function slotOf(keyLow: u32, keyHigh: u32): u32 {
  const index = u32((((u64(keyHigh) << 32) | u64(keyLow)) * HASH_MUL) >> u64(64 - ttBits));
  return index & ~1;
}
export function tableBase(): usize {
  return ttBase;
}

/** For tests: stores bounds for `key`, `moves` discs deep, as a search would (whole table). */
export function storeEntry(keyLow: u32, keyHigh: u32, lo: i32, hi: i32, moves: i32): void {
  if (activeBits != ttBits) useBits(ttBits);
  ttStore((u64(keyHigh) << 32) | u64(keyLow), lo, hi, NO_MOVE, moves);
}
