import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  startHarness,
  type Harness,
  type HarnessOptions,
  type PageOptions,
  type TestPage,
} from './harness.js';

/**
 * The hooks a browser suite of one page per test shares: one harness (server and Chromium) for
 * the file, and each test's page closed after it once its console is checked clean. Call at the
 * top of a test file.
 */
export interface BrowserSuite {
  /** The file's harness, once its `beforeAll` has run. */
  readonly harness: Harness;
  /** Opens this test's page (reduced motion unless the options say otherwise). */
  newPage(options?: PageOptions): Promise<TestPage>;
  /** Checks and closes this test's page now, for a test that opens another after it. */
  closePage(): Promise<void>;
}

export function browserSuite(): BrowserSuite {
  let harness: Harness | undefined;
  let current: TestPage | undefined;
  const closePage = async (): Promise<void> => {
    if (!current) return;
    const page = current;
    current = undefined;
    expect(page.errors).toEqual([]);
    await page.context.close();
  };
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    // Unset when startHarness failed; it has then stopped what it had started.
    await harness?.close();
  });
  afterEach(closePage);
  return {
    get harness(): Harness {
      if (!harness) throw new Error('the harness is not started (used outside a test?)');
      return harness;
    },
    async newPage(options = {}) {
      await closePage();
      current = await this.harness.newPage({ reducedMotion: 'reduce', ...options });
      return current;
    },
    closePage,
  };
}

/**
 * The hooks a browser suite of several devices shares (online play: each device a context of its
 * own, so its own storage): one harness for the file, with the suite's server settings, and
 * every device closed when the file ends. Call at the top of a test file.
 */
export interface DeviceSuite {
  /** The file's harness, once its `beforeAll` has run. */
  readonly harness: Harness;
  /**
   * A new device (reduced motion unless `options` say otherwise) at `hash`; `beforeOpen` runs
   * before the page loads (e.g. to route its WebSocket).
   */
  device(
    hash?: string,
    options?: PageOptions & { readonly beforeOpen?: (p: TestPage) => Promise<void> },
  ): Promise<TestPage>;
}

export function deviceSuite(harnessOptions: HarnessOptions = {}): DeviceSuite {
  let harness: Harness | undefined;
  const opened: TestPage[] = [];
  beforeAll(async () => {
    harness = await startHarness(harnessOptions);
  });
  afterAll(async () => {
    for (const p of opened) await p.context.close();
    // Unset when startHarness failed; it has then stopped what it had started.
    await harness?.close();
  });
  return {
    get harness(): Harness {
      if (!harness) throw new Error('the harness is not started (used outside a test?)');
      return harness;
    },
    async device(hash = '', { beforeOpen, ...options } = {}) {
      const p = await this.harness.newPage({ reducedMotion: 'reduce', ...options });
      opened.push(p);
      await beforeOpen?.(p);
      await p.page.goto(this.harness.url + hash);
      return p;
    },
  };
}
