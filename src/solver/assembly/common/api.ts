// The host calls every build exports as they are (see ../../wasm.ts): the search's counters and
// budget, and the threads' counters and settings.
export { setUseEtc, nodeCount, resetNodes, wasAborted, lower, upper, setLimits } from './state';
export {
  threadCount,
  setParallel,
  threadNodes,
  settleHelpers,
  resetThreadNodes,
  quitHelpers,
} from './parallel';
