import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's fetch routing, run in a sandbox with stand-ins for the worker globals:
 * which requests it answers itself (from the cache) and which it leaves to the network.
 */
function loadWorker(): (request: { url: string; method: string; mode: string }) => boolean {
  const source = readFileSync(path.resolve('src/web/sw/sw.js'), 'utf8');
  const listeners = new Map<string, (event: unknown) => void>();
  runInNewContext(source, {
    self: {
      location: { origin: 'https://c4.example' },
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        listeners.set(type, listener),
    },
    caches: {
      match: () => Promise.resolve(undefined),
      open: () => Promise.resolve({ put: () => Promise.resolve() }),
    },
    fetch: () => Promise.resolve({ ok: true, clone: () => ({}) }),
    Response: { error: () => ({}) },
    URL,
    __PRECACHE__: [],
    __VERSION__: 'test',
  });
  const onFetch = listeners.get('fetch')!;
  return (request) => {
    let answered = false;
    onFetch({
      request,
      respondWith: (response: Promise<unknown>) => {
        answered = true;
        response.catch(() => undefined);
      },
    });
    return answered;
  };
}

describe('service worker routing', () => {
  const handles = loadWorker();
  const get = (url: string, mode = 'cors') => handles({ url, method: 'GET', mode });

  it('leaves the online API to the network, at the root or in a sub-folder', () => {
    expect(get('https://c4.example/api/games?limit=20')).toBe(false);
    expect(get('https://c4.example/api/games/abcdefgh')).toBe(false);
    expect(get('https://c4.example/c4/api/games')).toBe(false);
  });

  it('answers built files from its cache and pages network-first', () => {
    expect(get('https://c4.example/assets/index-abcdef12.js')).toBe(true);
    expect(get('https://c4.example/', 'navigate')).toBe(true);
  });

  it('ignores other origins and other methods', () => {
    expect(get('https://elsewhere.example/api.js')).toBe(false);
    expect(handles({ url: 'https://c4.example/api/games', method: 'POST', mode: 'cors' })).toBe(
      false,
    );
  });
});
