import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries ESLint enforces, checked on imports written into real files' places
 * (the type-aware parser needs a file of the project; its text is replaced).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
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
    ['src/tournament/arena.ts', "import '../server/app.js';", true],
    ['src/tournament/arena.ts', "import 'node:crypto';", true],
    ['src/tournament/arena.ts', "import '../core/index.js';", false],
    // The protocol is pure and depends on the core only.
    ['src/protocol/messages.ts', "import '../server/app.js';", true],
    ['src/protocol/messages.ts', "import 'node:crypto';", true],
    ['src/protocol/messages.ts', "import '../core/index.js';", false],
  ];
  it.each(cases)('%s: %s refused=%s', async (file, source, refused) => {
    const messages = await restricted(file, source);
    expect(messages.length > 0).toBe(refused);
  });
});
