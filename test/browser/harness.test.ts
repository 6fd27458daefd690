import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';

/** The processes this test process started and that are still running (pid and command). */
function children(): string[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/\bps -o\b/.test(line));
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
}

describe('the browser harness', () => {
  it('stops the server it started when Chromium cannot start', async () => {
    const saved = process.env['CHROMIUM_PATH'];
    process.env['CHROMIUM_PATH'] = '/nonexistent/chromium';
    try {
      await expect(startHarness()).rejects.toThrow();
    } finally {
      if (saved === undefined) delete process.env['CHROMIUM_PATH'];
      else process.env['CHROMIUM_PATH'] = saved;
    }
    expect(children().filter((line) => line.includes('dist/server/main.js'))).toEqual([]);
  });

  it('stops the server and the browser on close', async () => {
    const harness = await startHarness();
    expect(children().some((line) => line.includes('dist/server/main.js'))).toBe(true);
    await harness.close();
    expect(children()).toEqual([]);
  });
});
