// Renders public/icon.svg to the PNG icons the web manifest needs (some platforms ignore SVG
// icons), using the system Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium). Rerun after
// changing the SVG: `npx tsx scripts/build/web-icons.ts`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../test/support/chromium.js';

const root = resolve(import.meta.dirname, '..', '..');
const svg = readFileSync(resolve(root, 'public/icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
    );
    await page.screenshot({ path: resolve(root, `public/icon-${size}.png`), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
