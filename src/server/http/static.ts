import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import serveStatic from 'serve-static';

/**
 * Cross-origin isolation: with these two headers on the page (and on the worker scripts, whose
 * own response sets a dedicated worker's policy) the browser allows SharedArrayBuffer, so the
 * solver's workers can share one transposition table. The app loads nothing from other origins,
 * so `require-corp` costs nothing. A static host must send the same (docs/web.md, "Static hosting").
 */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
} as const;

/** Vite's content-hashed build output (`assets/name-HASH.ext`): the name changes with the bytes. */
const HASHED = /[/\\]assets[/\\][^/\\]+[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Serves the built web app with `serve-static` (ETag, Last-Modified, 304, Range, HEAD, no path
 * escapes, no dotfiles) behind `compression` (brotli or gzip as the browser accepts, `Vary`).
 * Hashed assets are cached for a year as immutable; everything else (index.html, sw.js, the
 * manifest) is revalidated on every use. Unknown paths without an extension get index.html, so
 * client-side routes load the app; unknown files with an extension are 404s, so a missing
 * script is not answered with HTML.
 */
export function createStaticHandler(
  root: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const files = serveStatic(root, {
    index: ['index.html'],
    cacheControl: false,
    fallthrough: true,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('x-content-type-options', 'nosniff');
      for (const [name, value] of Object.entries(ISOLATION_HEADERS)) res.setHeader(name, value);
      if (path.extname(file) === '.wasm') res.setHeader('content-type', 'application/wasm');
    },
  });
  // The opening book is binary but compresses well: compress it like text.
  const compress = compression({
    filter: (req, res) => compression.filter(req, res) || req.url.endsWith('.book'),
  });
  /** Runs serve-static; true once it answered, false when it found no file. */
  const serve = (req: IncomingMessage, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve, reject) => {
      const answered = (): void => {
        resolve(true);
      };
      res.once('finish', answered);
      res.once('close', answered);
      files(req, res, (error?: unknown) => {
        res.off('finish', answered);
        res.off('close', answered);
        if (error === undefined) resolve(false);
        else reject(error instanceof Error ? error : new Error('static file error'));
      });
    });

  const plain = (res: ServerResponse, status: number, text: string): void => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      plain(res, 405, 'method not allowed\n');
      return;
    }
    // compression only wraps the response and calls on at once.
    compress(req as never, res as never, () => undefined);
    try {
      if (await serve(req, res)) return;
      const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path.extname(urlPath) !== '') {
        plain(res, 404, 'not found\n');
        return;
      }
      req.url = '/index.html';
      if (!(await serve(req, res))) plain(res, 404, 'not found\n');
    } catch (error) {
      // serve-static's own refusals (a malformed path: 400, a dotfile: 403) are the client's.
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status < 500 && !res.headersSent) {
        plain(res, status, 'bad request\n');
        return;
      }
      throw error;
    }
  };
}
