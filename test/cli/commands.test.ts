import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';

describe('the command registry', () => {
  it('loads, under each name, the command of that name (modules are imported on use)', async () => {
    const names = commands.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of commands) expect((await entry.load()).name).toBe(entry.name);
  });
});
