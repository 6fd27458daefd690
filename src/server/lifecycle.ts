import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { GameStore } from './store/types.js';

/** How often each process records that it is alive. */
const HEARTBEAT_MS = 2000;
/** No heartbeat from any process for this long means the whole service was down. */
export const OUTAGE_MS = 5000;
/** The window `c4_event_loop_lag_seconds` reports the worst delay of. */
const LAG_WINDOW_MS = 10_000;

/**
 * The whole service was down when the last heartbeat of any process (`lastSeen`, null on a
 * first start) is older than `OUTAGE_MS` at `started`: the time down, or 0.
 */
export const outageMs = (lastSeen: number | null, started: number): number =>
  lastSeen !== null && started - lastSeen > OUTAGE_MS ? started - lastSeen : 0;

/** A reconnect delay spread over 0.5–2 s, so clients sent away at once do not return at once. */
export const reconnectDelayMs = (random: () => number): number => 500 + Math.floor(random() * 1500);

/**
 * Resolves once `done()` holds or the clock reaches `deadline`, checking every `stepMs`
 * (`sleep` and `now` injected: a test drives them without waiting).
 */
export async function waitUntil(
  done: () => boolean,
  deadline: number,
  clock: { readonly now: () => number; readonly sleep: (ms: number) => Promise<unknown> },
  stepMs = 25,
): Promise<void> {
  while (!done() && clock.now() < deadline) await clock.sleep(stepMs);
}

/** Resolves with `work`'s end or after `ms`, whichever is first: a slow store must not hold a stop. */
export const bounded = (work: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * The process's sign of life in the store (every `HEARTBEAT_MS`) and the event-loop lag gauge
 * (the worst stall of each window: what an operator alerts on, every move waits on it).
 * `stop` ends both and writes a last beat, so an outage starting then is measured exactly.
 */
export function startVitals(deps: {
  readonly store: Pick<GameStore, 'beat'>;
  readonly node: string;
  readonly now: () => number;
  readonly log: Logger;
  readonly metrics: Metrics;
}): { stop(): Promise<void> } {
  const { store, node, now, log } = deps;
  const heartbeat = setInterval(() => {
    store.beat(node, now()).catch((e: unknown) => {
      log.warn('heartbeat failed', { error: String(e) });
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const lagWindow = setInterval(() => {
    deps.metrics.eventLoopLag.set(loopDelay.max / 1e9);
    loopDelay.reset();
  }, LAG_WINDOW_MS);
  lagWindow.unref();
  return {
    async stop() {
      clearInterval(heartbeat);
      clearInterval(lagWindow);
      loopDelay.disable();
      await store.beat(node, now()).catch(() => undefined);
    },
  };
}

/** Something the shutdown closes, in the order given. */
export type Closer = () => unknown;

/**
 * The graceful stop, once however often it is called: `drain` (stop accepting, hand over,
 * send clients away and wait for them), then each closer in order; a closer that fails does
 * not keep the rest open.
 */
export function shutdown(
  drain: () => Promise<void>,
  closers: readonly Closer[],
  log: Logger,
): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      await drain();
      for (const close of closers) {
        try {
          await close();
        } catch (e) {
          log.warn('close failed', { error: String(e) });
        }
      }
    })();
    return closing;
  };
}
