import { existsSync } from 'node:fs';

/**
 * The Chromium the browser suite drives (test/browser/harness.ts launches this one). Read at each
 * launch, not once at import: the harness's own test points it at a missing file.
 */
export const chromiumPath = (): string => process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Why the browser suite cannot run here, or undefined. */
export const chromiumMissing = (): string | undefined => {
  const path = chromiumPath();
  return existsSync(path) ? undefined : `no Chromium at ${path} (set CHROMIUM_PATH)`;
};
