import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Backups written into a directory by `backup --dir`: named by their UTC time, so the names
 * sort by age, and pruned to the newest `keep` after each new one. Only names of this exact
 * form are ever removed, never another file that happens to be there.
 */
const NAME = /^c4-\d{8}T\d{6}Z\.dump$/;

export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `c4-${stamp}.dump`;
}

/** Removes all but the newest `keep` backups in `dir`; the files removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
  const removed = backups.slice(keep).map((name) => path.join(dir, name));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}
