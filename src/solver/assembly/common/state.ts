// The search's counters, budget and result, and the host's calls that read or set them: the
// same for every board width (each build has one search at a time per instance).

import { CONTROL, parallel, probeWord } from './layout';

@external('env', 'shouldStop')
declare function hostShouldStop(): i32;

export let nodes: u64 = 0;
export let nodeLimit: u64 = 0xffffffffffffffff;
export let checkHost: bool = false;
export let aborted: bool = false;
// Set with `aborted` when the budget (node limit, host) ended the search, not another thread.
export let budgetStop: bool = false;
export let resultLower: i32 = 0;
export let resultUpper: i32 = 0;
export let useEtc: bool = true;
// Probing every child costs a cache miss each: only worth it far from the end of the game.
export let etcMinEmpty: i32 = 0;

/** Enhanced transposition cutoffs on or off, and from how many empty cells up. */
export function setUseEtc(on: i32, minEmpty: i32): void {
  useEtc = on != 0;
  etcMinEmpty = minEmpty;
}

export function nodeCount(): f64 {
  return f64(nodes);
}
export function resetNodes(): void {
  nodes = 0;
}
export function wasAborted(): i32 {
  return aborted ? 1 : 0;
}
export function lower(): i32 {
  return resultLower;
}
export function upper(): i32 {
  return resultUpper;
}

/** Stops the search once `nodes` reaches `limit` (0 = no limit) and, if `host`, asks the host
 *  every 4096 nodes. */
export function setLimits(limit: f64, host: i32): void {
  nodeLimit = limit <= 0 ? 0xffffffffffffffff : u64(limit);
  checkHost = host != 0;
}

/** Called at each node: sets `aborted` once the budget is spent or (threads) the probe is moot. */
@inline
export function checkStop(): void {
  if (nodes >= nodeLimit) aborted = budgetStop = true;
  else if (checkHost && (nodes & 4095) == 0 && hostShouldStop() != 0) aborted = budgetStop = true;
  // Threads build: a probe ends as soon as the shared interval moves (another thread settled
  // it, or the search is over).
  if (ASC_FEATURE_THREADS) {
    if (parallel && atomic.load<u64>(CONTROL) != probeWord) aborted = true;
  }
}
