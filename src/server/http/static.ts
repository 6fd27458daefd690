import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** Types the browser must get right: a wrong one breaks WebAssembly streaming and PWA installs. */
const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.xml': 'application/xml',
};

export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file strictly inside `root`, or undefined when the path is malformed or
 * tries to leave it (`..`, encoded slashes, NUL bytes).
 */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) return undefined;
  const resolved = path.resolve(root, ...segments);
  const rootResolved = path.resolve(root);
  if (resolved !== rootResolved && !resolved.startsWith(rootResolved + path.sep)) return undefined;
  return resolved;
}

async function fileAt(file: string): Promise<{ size: number } | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app. Unknown paths without an extension get index.html so client-side
 * routes (a game link, a history page) load the app; unknown files with an extension are 404s
 * so a missing script is not answered with HTML.
 */
export function createStaticHandler(
  root: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('method not allowed\n');
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    const resolved = resolveInside(root, urlPath);
    if (resolved === undefined) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('bad path\n');
      return;
    }
    let file = resolved;
    let info = await fileAt(file);
    if (!info) {
      const index = path.join(resolved, 'index.html');
      info = await fileAt(index);
      if (info) file = index;
    }
    if (!info && path.extname(urlPath) === '') {
      file = path.join(root, 'index.html');
      info = await fileAt(file);
    }
    if (!info) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|wasm)$/.test(file) && file.includes('assets');
    res.writeHead(200, {
      'content-type': mimeType(file),
      'content-length': info.size,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}
