import { describe, expect, it } from 'vitest';
import { MAX_WEB_THREADS, searchThreads } from '../../src/web/worker/threads.js';

const isolatedPage = { isolated: true, sharedSupported: true, nestedWorkers: true, cores: 2 };

describe('the search worker’s threads', () => {
  it('use every core, up to the cap, on a cross-origin isolated page', () => {
    expect(searchThreads(isolatedPage).threads).toBe(2);
    expect(searchThreads({ ...isolatedPage, cores: 3 }).threads).toBe(3);
    expect(searchThreads({ ...isolatedPage, cores: 16 }).threads).toBe(MAX_WEB_THREADS);
    expect(MAX_WEB_THREADS).toBe(4);
  });

  it('fall back to one worker without isolation, shared memory, nested workers or a second core', () => {
    expect(searchThreads({ ...isolatedPage, isolated: false }).threads).toBe(1);
    expect(searchThreads({ ...isolatedPage, sharedSupported: false }).threads).toBe(1);
    expect(searchThreads({ ...isolatedPage, nestedWorkers: false }).threads).toBe(1);
    expect(searchThreads({ ...isolatedPage, cores: 1 }).threads).toBe(1);
    expect(searchThreads({ ...isolatedPage, cores: undefined }).threads).toBe(1);
    expect(searchThreads({ ...isolatedPage, cores: Number.NaN }).threads).toBe(1);
  });

  it('share a 32 MiB table, or 64 MiB where the browser reports 4 GiB or more', () => {
    expect(searchThreads(isolatedPage).tableBits).toBe(21);
    expect(searchThreads({ ...isolatedPage, memoryGiB: 2 }).tableBits).toBe(21);
    expect(searchThreads({ ...isolatedPage, memoryGiB: 4 }).tableBits).toBe(22);
    expect(searchThreads({ ...isolatedPage, memoryGiB: 8 }).tableBits).toBe(22);
  });
});
