import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries ESLint enforces (the I/O patterns of `no-restricted-imports`, the
 * allowed-imports map of `import-x/no-restricted-paths`, cycles through type imports too), checked
 * on imports written into real files' places (the type-aware parser needs a file of the project;
 * its text is replaced).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function lintMessages(filePath: string, source: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && rules.includes(m.ruleId))
    .map((m) => m.message);
}

const restricted = (filePath: string, source: string) =>
  lintMessages(filePath, source, ['no-restricted-imports', 'import-x/no-restricted-paths']);

// The first lint builds the TypeScript program for the whole project: that one-off cost is not
// any case's, and on a busy machine it alone can outlast a test's timeout.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'src/core/index.ts' });
}, 300_000);

describe('module boundaries', () => {
  const cases: [file: string, source: string, refused: boolean][] = [
    // The web app and the server share only src/protocol.
    ['src/web/online/client.ts', "import '../../server/app.js';", true],
    ['src/web/app.ts', "import '../server/games.js';", true],
    ['src/web/online/client.ts', "import '../../protocol/index.js';", false],
    ['src/server/ws/connection.ts', "import '../../web/online/client.js';", true],
    ['src/server/app.ts', "import '../web/state/game.js';", true],
    ['src/server/ws/connection.ts', "import '../../protocol/index.js';", false],
    // The pure core cannot reach a shell from any depth (two folders down was a gap).
    ['src/solver/book/book.ts', "import '../../server/app.js';", true],
    ['src/solver/book/book.ts', "import '../../cli/main.js';", true],
    ['src/ai/engine/board.ts', "import '../../web/app.js';", true],
    ['src/core/notation/moves.ts', "import '../../protocol/index.js';", true],
    ['src/core/position.ts', "import 'node:fs';", true],
    ['src/solver/book/book.ts', "import '../../core/index.js';", false],
    ['src/tournament/arena.ts', "import '../server/app.js';", true],
    ['src/tournament/arena.ts', "import 'node:crypto';", true],
    ['src/tournament/arena.ts', "import '../core/index.js';", false],
    // The protocol is pure and depends on the core only.
    ['src/protocol/messages.ts', "import '../server/app.js';", true],
    ['src/protocol/messages.ts', "import 'node:crypto';", true],
    ['src/protocol/messages.ts', "import '../core/index.js';", false],
    // Each folder imports only what the map names (imports are resolved: depth does not matter).
    ['src/core/position.ts', "import '../solver/index.js';", true],
    ['src/core/notation/moves.ts', "import '../../rating/index.js';", true],
    ['src/solver/book/book.ts', "import '../../ai/index.js';", true],
    ['src/solver/book/book.ts', "import '../../core/index.js';", false],
    ['src/ai/engine/board.ts', "import '../../review/index.js';", true],
    ['src/ai/engine/board.ts', "import '../../solver/index.js';", false],
    ['src/review/index.ts', "import '../puzzles/index.js';", true],
    ['src/review/index.ts', "import '../solver/index.js';", false],
    ['src/puzzles/index.ts', "import '../rating/index.js';", true],
    ['src/puzzles/index.ts', "import '../review/index.js';", false],
    ['src/rating/index.ts', "import '../identity/names.js';", true],
    ['src/rating/index.ts', "import '../core/index.js';", false],
    ['src/identity/names.ts', "import '../protocol/index.js';", true],
    ['src/identity/names.ts', "import '../rating/index.js';", false],
    ['src/tournament/arena.ts', "import '../protocol/index.js';", true],
    // Upward and sideways imports that a layer order (core < solver < ai < review < puzzles <
    // rating < identity < tournament < protocol, shells above) let through, and the map refuses.
    ['src/tournament/arena.ts', "import '../identity/names.js';", true],
    ['src/tournament/arena.ts', "import '../ai/index.js';", true],
    ['src/tournament/arena.ts', "import '../rating/index.js';", true],
    ['src/review/index.ts', "import '../ai/index.js';", true],
    ['src/rating/index.ts', "import '../solver/index.js';", true],
    ['src/identity/names.ts', "import '../puzzles/index.js';", true],
    ['src/cli/main.ts', "import '../identity/names.js';", true],
    ['src/web/app.ts', "import '../rating/index.js';", true],
    ['src/server/games.ts', "import '../puzzles/index.js';", true],
    // The protocol goes to the browser: the core and the tournament rules' error codes only,
    // though it ranks above the rest.
    ['src/protocol/messages.ts', "import '../tournament/errors.js';", false],
    ['src/protocol/messages.ts', "import '../rating/index.js';", true],
    ['src/protocol/messages.ts', "import '../identity/names.js';", true],
    // The shells use any layer and never each other; the web's own review/ folder is its own.
    ['src/cli/main.ts', "import '../server/games.js';", true],
    ['src/cli/main.ts', "import '../web/app.js';", true],
    ['src/server/games.ts', "import '../cli/main.js';", true],
    ['src/web/app.ts', "import '../cli/main.js';", true],
    ['src/server/games.ts', "import '../identity/names.js';", false],
    ['src/cli/main.ts', "import '../puzzles/index.js';", false],
    ['src/web/online/client.ts', "import '../review/routes.js';", false],
    ['src/web/app.ts', "import '../review/index.js';", false],
  ];
  it.each(cases)('%s: %s refused=%s', async (file, source, refused) => {
    const messages = await restricted(file, source);
    expect(messages.length > 0).toBe(refused);
  });
});

describe('import cycles', () => {
  // src/ai/perfect.ts imports src/ai/types.ts for types only: an import back closes a cycle,
  // which the rule must see although both edges are type imports.
  it.each([
    ["import type * as perfect from './perfect.js';", true],
    ["import type { Level } from './levels.js';", false],
  ])('src/ai/types.ts: %s is a cycle=%s', async (source, cycle) => {
    const found = await lintMessages('src/ai/types.ts', source, ['local/no-cycle']);
    expect(found.length > 0).toBe(cycle);
  });
});
