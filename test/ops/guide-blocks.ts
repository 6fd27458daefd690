import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shell blocks of docs/operations.md that a test runs, found by the HTML comment
 * `<!-- test/ops/NAME.test.ts runs this block -->` just above their fence: the test reads the
 * guide's own commands, so the two cannot drift apart unnoticed.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function guideBlocks(testFile: string): string[] {
  const guide = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
  const marker = `<!-- ${testFile} runs this block -->\n\`\`\`sh\n`;
  const blocks: string[] = [];
  for (let at = guide.indexOf(marker); at >= 0; at = guide.indexOf(marker, at + 1)) {
    const body = at + marker.length;
    blocks.push(guide.slice(body, guide.indexOf('\n```\n', body) + 1));
  }
  return blocks;
}

/** A block's commands: continuation lines joined, comments and blank lines dropped. */
export function commands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
