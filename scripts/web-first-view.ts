// Measures how soon the web game is usable on a slow phone: Chromium with the CPU slowed 4x and
// a "slow 3G"-like network (400 kbit/s down, 400 ms round trip), cold cache. Reports the time
// from navigation until the board's column buttons exist (the game can be played) and until the
// load event. Needs a built app (`npm run build`); run: `npx tsx scripts/web-first-view.ts`.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const server = spawn(process.execPath, [resolve(root, 'dist/server/main.js')], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((done) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /https?:\/\/[^\s"']+/.exec(output);
    if (match) done(match[0]);
  });
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
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
  await browser.close();
  server.kill('SIGTERM');
}
