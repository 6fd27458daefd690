import { existsSync } from 'node:fs';

/** The Chromium the browser suite drives (test/browser/harness.ts launches this one). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Why the browser suite cannot run here, or undefined. */
export const chromiumMissing = (): string | undefined =>
  existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`;
