// Measures how soon the web game is usable on a slow phone: Chromium with the CPU slowed 4x and
// a "slow 3G"-like network (400 kbit/s down, 400 ms round trip), cold cache. Reports the time
// from navigation until the board's column buttons exist (the game can be played) and until the
// load event. Needs a built app (`npm run build`); run: `npx tsx scripts/bench/web-first-view.ts`.
// The server and Chromium come from the browser suite's harness: one place that starts them,
// stops them on every path out and honours CHROMIUM_PATH.
import { startHarness } from '../../test/browser/harness.js';

const harness = await startHarness();
const { browser, url } = harness;
const runs = Number(process.argv[2] ?? 3);
try {
  const usable: number[] = [];
  const loaded: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('.board .column').first().waitFor();
    usable.push(Date.now() - start);
    await page.waitForLoadState('load');
    loaded.push(Date.now() - start);
    await context.close();
  }
  const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(
    `runs: ${runs}; usable (board ready): ${usable.join(', ')} ms, median ${median(usable)} ms`,
  );
  console.log(`load event: ${loaded.join(', ')} ms, median ${median(loaded)} ms`);
} finally {
  await harness.close();
}
