// Type-aware lint for the whole tree; import cycles are errors, and the pure core may not
// reach for I/O or the shells around it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

/**
 * A relative import that reaches one of `folders` under src, however deep the importing file
 * sits ('../server/x', '../../server/x', '../../../web/y'): gitignore-style groups such as
 * '../server/**' only caught files one folder down.
 */
const reaching = (folders, message) => ({
  regex: `^(\\.{1,2}/)+(src/)?(${folders.join('|')})(/|$)`,
  message,
});
const io = {
  group: ['node:*', 'fs', 'path', 'http', 'ws', 'pg', 'ioredis', 'better-sqlite3'],
  message: 'The core is pure: no I/O.',
};

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'src/solver/assembly/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  boundary(
    [
      'src/core/**',
      'src/solver/**',
      'src/ai/**',
      'src/rating/**',
      'src/players/**',
      'src/review/**',
      'src/puzzles/**',
      'src/tournament/**',
    ],
    [
      io,
      reaching(
        ['cli', 'server', 'web', 'protocol'],
        'The core may not depend on its shells or the wire protocol.',
      ),
    ],
  ),
  // The wire contract: pure like the core, and shared by the server and the web client.
  boundary(
    ['src/protocol/**'],
    [
      io,
      reaching(
        ['cli', 'server', 'web', 'solver', 'ai'],
        'The protocol depends on zod and the core only.',
      ),
    ],
  ),
  // The server and the browser share only src/protocol (and the pure core).
  boundary(
    ['src/web/**'],
    [reaching(['server', 'cli'], 'The web app may not import the server: use src/protocol.')],
  ),
  boundary(
    ['src/server/**'],
    [reaching(['web', 'cli'], 'The server may not import the web app: use src/protocol.')],
  ),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
