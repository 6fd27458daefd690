import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../support/chromium.js';

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
  /** A touch screen (for `page.touchscreen.tap`). */
  readonly hasTouch?: boolean;
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

/**
 * A throwaway SQLite file, and none of the developer's own database or Redis settings; `extra`
 * are a suite's own server settings (e.g. a shorter rename interval).
 */
function serverEnv(
  databasePath: string,
  extra: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
  };
  delete env['DATABASE_URL'];
  delete env['REDIS_URL'];
  return env;
}

interface Server {
  readonly url: string;
  stop(): Promise<void>;
}

/** Kills `child` and waits for it to be gone (at once if it already is). */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => {
      done();
    });
    child.kill('SIGKILL');
  });
}

/**
 * The server on a free port. It is stopped on every path out: when it fails to start, when the
 * caller stops it, and when this test process exits without reaching either (a crash, a timeout).
 */
function startServer(extraEnv: Readonly<Record<string, string>>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'c4-browser-'));
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    env: serverEnv(join(dataDir, 'c4.sqlite'), extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    await stopChild(child);
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolveStart, reject) => {
    let output = '';
    const fail = (message: string): void => {
      clearTimeout(timer);
      void stop().then(() => {
        reject(new Error(`${message}: ${output}`));
      });
    };
    const timer = setTimeout(() => {
      fail('server did not start within 20 s');
    }, 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /https?:\/\/[^\s"']+/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolveStart({ url: match[0].endsWith('/') ? match[0] : `${match[0]}/`, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      fail(`server exited with ${String(code)}`);
    });
    child.once('error', (error) => {
      fail(`server could not be started (${error.message})`);
    });
  });
}

export interface HarnessOptions {
  /** Server environment for this suite only (the server's config names, as strings). */
  readonly serverEnv?: Readonly<Record<string, string>>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const server = await startServer(options.serverEnv ?? {});
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
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
      // Playwright gives every launch a fresh temporary --user-data-dir (it refuses the flag),
      // and kills the browser when this process exits.
    });
  } catch (error) {
    // No browser, no suite: the server started for it must not outlive this failure.
    await server.stop();
    throw error;
  }
  return {
    url: server.url,
    browser,
    async newPage(options = {}) {
      const context =
        options.context ??
        (await browser.newContext({
          viewport: options.viewport ?? { width: 1280, height: 900 },
          reducedMotion: options.reducedMotion ?? 'no-preference',
          colorScheme: options.colorScheme ?? 'light',
          hasTouch: options.hasTouch ?? false,
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
          // A test with two players drives two pages; Chromium may stop drawing the one that is
          // not in front, and a screenshot then waits for a frame that never comes (a 30 s
          // timeout seen once in the a11y suite's two-player game).
          await page.bringToFront();
          await page.screenshot({ path: join(ARTEFACTS, `${name}.png`), fullPage: false });
        },
      };
    },
    async close() {
      try {
        await browser.close();
      } finally {
        await server.stop();
      }
    },
  };
}
