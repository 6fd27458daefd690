/**
 * Preloaded into the benchmarked server process (`--import`): answers `loop` on the IPC channel
 * with the event-loop delay (perf_hooks histogram) and utilisation since the last answer, so
 * the benchmark reports what the server's loop did during its measurement window only.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PHASES, phaseHistograms, type Phase } from '../../src/server/phases.js';
import { processSyscalls } from './bench-server-cpu.js';

/** One phase of a move in the server (src/server/phases.ts), ms. */
export interface PhaseReport {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface LoopReport {
  /** Event-loop delay percentiles and maximum, ms (sampled every 10 ms). */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Share of the interval the loop spent running callbacks (1 = never idle). */
  readonly utilisation: number;
  /** CPU time of the whole process (all threads) over wall time. */
  readonly cpu: number;
  /** Read and write system calls over the interval (/proc/self/io). */
  readonly syscalls: number;
  /** Per-move phases over the interval (empty for a server whose checkout records none). */
  readonly phases: Partial<Record<Phase, PhaseReport>>;
}

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let at = performance.now();
  let syscalls = processSyscalls('self');
  process.on('message', (message) => {
    if (message !== 'loop') return;
    const used = process.cpuUsage(cpu);
    const now = performance.now();
    const report: LoopReport = {
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      utilisation: performance.eventLoopUtilization(elu).utilization,
      cpu: (used.user + used.system) / 1000 / (now - at),
      syscalls: processSyscalls('self') - syscalls,
      phases: Object.fromEntries(
        PHASES.map((p) => {
          const h = phaseHistograms[p];
          return [
            p,
            {
              count: h.count,
              p50: h.percentile(50) / 1e6,
              p99: h.percentile(99) / 1e6,
              max: h.max / 1e6,
            },
          ];
        }),
      ),
    };
    for (const h of Object.values(phaseHistograms)) h.reset();
    delay.reset();
    elu = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    syscalls = processSyscalls('self');
    at = now;
    process.send?.(report);
  });
  // The channel must not keep a server alive that was asked to stop.
  process.channel?.unref();
}
