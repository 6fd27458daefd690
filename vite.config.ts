import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
// `vitest/config` re-exports Vite's defineConfig; importing 'vite' directly trips the lint resolver.
import { defineConfig } from 'vitest/config';

/**
 * The web game: `src/web` is the app root, `public/` holds the manifest and icons, and the
 * build goes to `dist/web` with relative URLs (`base: './'`) so any static host, in any
 * sub-folder, can serve it.
 */
const root = resolve(import.meta.dirname, 'src/web');

/**
 * Emits `sw.js` from `src/web/sw/sw.js` with the list of every built file and a version hash,
 * so the service worker can precache the whole app (search worker and solver included) on the
 * first visit and the game then works offline.
 */
const serviceWorker = {
  name: 'c4-service-worker',
  apply: 'build' as const,
  generateBundle(
    this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string },
    _options: unknown,
    bundle: Record<string, unknown>,
  ) {
    // The opening book (large, and only for classic hints/Perfect) is cached when first used.
    const files = Object.keys(bundle).filter(
      (name) => !name.endsWith('.map') && !name.endsWith('.book'),
    );
    const publicFiles = ['manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];
    const list = ['./', ...[...files, ...publicFiles].map((name) => `./${name}`)];
    const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
    const template = readFileSync(resolve(root, 'sw/sw.js'), 'utf8');
    this.emitFile({
      type: 'asset',
      fileName: 'sw.js',
      source: template
        .replace('= __PRECACHE__;', `= ${JSON.stringify(list)};`)
        .replace('= __VERSION__;', `= ${JSON.stringify(version)};`),
    });
  },
};

export default defineConfig({
  root,
  base: './',
  publicDir: resolve(import.meta.dirname, 'public'),
  plugins: [serviceWorker],
  worker: { format: 'es' },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: true,
  },
  // The same cross-origin isolation as the server's (src/server/http/static.ts).
  server: {
    host: '127.0.0.1',
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
  preview: {
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
});
