import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries ESLint enforces (the I/O and shell patterns of `no-restricted-imports`,
 * the layer order of `import-x/no-restricted-paths`), checked on imports written into real files' places
 * (the type-aware parser needs a file of the project; its text is replaced).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import-x/no-restricted-paths',
    )
    .map((m) => m.message);
}

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
    // The protocol is pure and depends on the core only.
    ['src/protocol/messages.ts', "import '../server/app.js';", true],
    ['src/protocol/messages.ts', "import 'node:crypto';", true],
    ['src/protocol/messages.ts', "import '../core/index.js';", false],
    // The layer order: core < solver < ai < review < puzzles < rating < players < protocol,
    // each importing only those below it (imports are resolved: depth does not matter).
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
    ['src/rating/index.ts', "import '../players/names.js';", true],
    ['src/rating/index.ts', "import '../core/index.js';", false],
    ['src/players/names.ts', "import '../protocol/index.js';", true],
    ['src/players/names.ts', "import '../rating/index.js';", false],
    // The protocol goes to the browser: the core only, though it ranks above the rest.
    ['src/protocol/messages.ts', "import '../rating/index.js';", true],
    ['src/protocol/messages.ts', "import '../players/names.js';", true],
    // The shells use any layer and never each other; the web's own review/ folder is its own.
    ['src/cli/main.ts', "import '../server/games.js';", true],
    ['src/cli/main.ts', "import '../web/app.js';", true],
    ['src/server/games.ts', "import '../cli/main.js';", true],
    ['src/web/app.ts', "import '../cli/main.js';", true],
    ['src/server/games.ts', "import '../players/names.js';", false],
    ['src/cli/main.ts', "import '../puzzles/index.js';", false],
    ['src/web/online/client.ts', "import '../review/routes.js';", false],
    ['src/web/app.ts', "import '../review/index.js';", false],
  ];
  it.each(cases)('%s: %s refused=%s', async (file, source, refused) => {
    const messages = await restricted(file, source);
    expect(messages.length > 0).toBe(refused);
  });
});
