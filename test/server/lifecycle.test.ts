import { describe, expect, it } from 'vitest';
import {
  OUTAGE_MS,
  outageMs,
  reconnectDelayMs,
  shutdown,
  waitUntil,
} from '../../src/server/lifecycle.js';
import { createLogger } from '../../src/server/log.js';

/** The pure parts of the server's start and stop (src/server/lifecycle.ts), on their own. */
describe('server lifecycle', () => {
  it('counts an outage only past OUTAGE_MS without any heartbeat', () => {
    expect(outageMs(null, 100_000)).toBe(0);
    expect(outageMs(100_000 - OUTAGE_MS, 100_000)).toBe(0);
    expect(outageMs(100_000 - OUTAGE_MS - 1, 100_000)).toBe(OUTAGE_MS + 1);
    expect(outageMs(40_000, 100_000)).toBe(60_000);
  });

  it('spreads reconnect delays over 0.5 to 2 s', () => {
    expect(reconnectDelayMs(() => 0)).toBe(500);
    expect(reconnectDelayMs(() => 0.5)).toBe(1250);
    expect(reconnectDelayMs(() => 0.999_999)).toBe(1999);
  });

  it('waits until done or the deadline, on an injected clock', async () => {
    let t = 0;
    const clock = {
      now: () => t,
      sleep: (ms: number) => {
        t += ms;
        return Promise.resolve();
      },
    };
    let open = 3;
    await waitUntil(
      () => {
        open -= 1;
        return open <= 0;
      },
      1_000,
      clock,
    );
    expect([open, t]).toEqual([0, 50]);
    await waitUntil(() => false, 1_000, clock);
    expect(t).toBe(1_000);
  });

  it('stops once, draining first, closing in order even after a failing closer', async () => {
    const steps: string[] = [];
    const lines: string[] = [];
    const close = shutdown(
      () => {
        steps.push('drain');
        return Promise.resolve();
      },
      [
        () => steps.push('a'),
        () => {
          throw new Error('b broke');
        },
        () => Promise.resolve(steps.push('c')),
      ],
      createLogger('warn', (line) => lines.push(line)),
    );
    await Promise.all([close(), close()]);
    await close();
    expect(steps).toEqual(['drain', 'a', 'c']);
    expect(lines.join('\n')).toContain('b broke');
  });
});
