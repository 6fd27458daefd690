import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * How busy this process's event loop has been lately (the share of the last sampling interval
 * it spent running callbacks). The computer's moves wait while it is busy, so that at
 * saturation human games keep the loop and the computer games slow down instead.
 */
export interface LoadGauge {
  /** True while the last interval's utilisation was at or above the threshold. */
  readonly busy: boolean;
  close(): void;
}

export const BUSY_UTILISATION = 0.75;
const SAMPLE_MS = 100;

export function eventLoopGauge(threshold = BUSY_UTILISATION): LoadGauge {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let busy = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, last).utilization >= threshold;
    last = now;
  }, SAMPLE_MS);
  timer.unref();
  return {
    get busy() {
      return busy;
    },
    close() {
      clearInterval(timer);
    },
  };
}
