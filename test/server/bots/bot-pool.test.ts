import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { BotPool } from '../../../src/server/bots/pool.js';
import { describeIf } from '../../support/skips.js';

/** nice value and scheduling policy of each of this process's threads (Linux /proc). */
function threadPriorities(): { nice: number; policy: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [priorityIn(`/proc/self/task/${tid}/stat`)];
    } catch {
      return [];
    }
  });
}

function priorityIn(statFile: string): { nice: number; policy: number } {
  const stat = readFileSync(statFile, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

const SCHED_IDLE = 5;

describeIf(
  'the computer thinks with the CPU left over',
  process.platform === 'linux' ? undefined : 'thread priorities are read from Linux /proc',
  () => {
    const pool = new BotPool(1, 10);
    afterAll(async () => {
      await pool.close();
    });

    it('its thread runs at the lowest priority (SCHED_IDLE where chrt exists, else nice 19)', async () => {
      const column = await pool.choose({
        game: 'classic',
        variant: '7x6c4',
        moves: [3],
        level: 'beginner',
      });
      expect(column).toBeGreaterThanOrEqual(0);
      const lowered = threadPriorities().filter((t) => t.nice === 19);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      // This test process itself keeps the priority it was started with (a `nice npm test`
      // starts it above 0).
      const own = priorityIn('/proc/self/stat');
      expect(own.nice).toBeLessThan(19);
      expect(threadPriorities().some((t) => t.nice === own.nice && t.policy === 0)).toBe(true);
      const hasChrt = readdirSync('/usr/bin').includes('chrt');
      if (hasChrt) expect(lowered.some((t) => t.policy === SCHED_IDLE)).toBe(true);
    });
  },
);
