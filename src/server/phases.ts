import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Where a move's time goes inside the server, phase by phase, in exact histograms (nanosecond
 * records, not Prometheus buckets): the load benchmark's probe reads and resets them over its
 * measurement window, so a slow tail can be pinned on the queue, the reducer, the pool, the
 * database round trip or the pushes. Recording is a clock read and a histogram insert: cheap
 * enough to stay on in production.
 */
export const PHASES = [
  /** Frame received → its handler starts (parse, rate limit, this connection's earlier messages). */
  'queued',
  /** Waiting for a pooled database connection (PostgreSQL). */
  'poolWait',
  /** The compare-and-set write itself: one database round trip on PostgreSQL. */
  'storeWrite',
  /** The snapshot pushed to this process's members of the game (view, JSON, socket writes). */
  'push',
  /** Handler start → ack sent. */
  'handled',
  /** A game state published on the bus → the bus confirmed it (Redis round trip). */
  'publish',
] as const;
export type Phase = (typeof PHASES)[number];

export const phaseHistograms: Readonly<Record<Phase, RecordableHistogram>> = Object.fromEntries(
  PHASES.map((p) => [p, createHistogram()]),
) as Record<Phase, RecordableHistogram>;

/** Records the time since `startedMs` (a `performance.now()` reading) under `phase`. */
export function recordPhase(phase: Phase, startedMs: number): void {
  phaseHistograms[phase].record(Math.max(1, Math.round((performance.now() - startedMs) * 1e6)));
}
