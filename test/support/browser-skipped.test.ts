import { chromiumMissing } from './chromium.js';
import { describeIf } from './skips.js';

/**
 * Run by vitest.browser.config.ts instead of test/browser when Chromium is absent, so the skip
 * is recorded and summarised (or, with CI=true, fails) like every other.
 */
describeIf('browser suite (test/browser)', chromiumMissing(), () => undefined);
