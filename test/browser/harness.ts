import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from '../support/chromium.js';

/**
 * Starts the real server (`node dist/server/main.js`, built beforehand by `npm run build`) on a
 * free port and Debian's Chromium, and collects console errors per page so every test can
 * assert there were none.
 */
const root = resolve(import.meta.dirname, '..', '..');
export const ARTEFACTS = join(root, 'test-results', 'browser');

export interface Harness {
  readonly url: string;
  readonly browser: Browser;
  newPage(options?: PageOptions): Promise<TestPage>;
  close(): Promise<void>;
}

export interface PageOptions {
  readonly viewport?: { width: number; height: number };
  readonly reducedMotion?: 'reduce' | 'no-preference';
  readonly colorScheme?: 'light' | 'dark';
  /** Reuse a context (same local storage) instead of a fresh one. */
  readonly context?: BrowserContext;
}

export interface TestPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
  readonly screenshot: (name: string) => Promise<void>;
}

/** A throwaway SQLite file, and none of the developer's own database or Redis settings. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'c4-browser-')), 'c4.sqlite'),
  };
  delete env['DATABASE_URL'];
  delete env['REDIS_URL'];
  return env;
}

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
      env: serverEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`server did not start: ${output}`));
    }, 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /https?:\/\/[^\s"']+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ url: match[0].endsWith('/') ? match[0] : `${match[0]}/`, child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}: ${output}`));
    });
  });
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const { url, child } = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    // Playwright gives every launch a fresh temporary --user-data-dir (it refuses the flag).
  });
  return {
    url,
    browser,
    async newPage(options = {}) {
      const context =
        options.context ??
        (await browser.newContext({
          viewport: options.viewport ?? { width: 1280, height: 900 },
          reducedMotion: options.reducedMotion ?? 'no-preference',
          colorScheme: options.colorScheme ?? 'light',
        }));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return {
        page,
        context,
        errors,
        screenshot: async (name: string): Promise<void> => {
          await page.screenshot({ path: join(ARTEFACTS, `${name}.png`), fullPage: false });
        },
      };
    },
    async close() {
      await browser.close();
      child.kill('SIGTERM');
    },
  };
}
