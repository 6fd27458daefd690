// Type-aware lint for the whole tree; import cycles (type-only ones too) are errors, the pure
// layers may not reach for I/O, and each folder of src imports only the folders `IMPORTS` names.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import assemblyscriptParser from './scripts/lint/assemblyscript-eslint-parser.js';
import { noCycleWithTypes } from './scripts/lint/no-cycle-with-types.js';

const io = {
  group: ['node:*', 'fs', 'path', 'http', 'ws', 'pg', 'ioredis', 'better-sqlite3'],
  message: 'The core is pure: no I/O.',
};

/**
 * What each folder of src may import, as the code does. A map,
 * not a ranking: a layer may not reach sideways (tournament to identity) nor up (rating to ai)
 * just because it sits higher in some order. The core is pure and imports nothing of src;
 * the shells (cli, server, web) never import each other, and server and web share src/protocol.
 */
const IMPORTS = {
  core: [],
  solver: ['core'],
  ai: ['core', 'solver'],
  review: ['core', 'solver'],
  puzzles: ['core', 'solver', 'ai', 'review'],
  rating: ['core'],
  identity: ['core', 'rating'],
  tournament: ['core'],
  // The wire contract goes to the browser: the core and the tournament rules' error codes only.
  protocol: ['core', 'tournament'],
  cli: ['core', 'solver', 'ai', 'review', 'puzzles'],
  server: ['core', 'solver', 'ai', 'rating', 'identity', 'tournament', 'protocol'],
  web: ['core', 'solver', 'ai', 'review', 'puzzles', 'tournament', 'protocol'],
};
const FOLDERS = Object.keys(IMPORTS);
const src = (folder) => `./src/${folder}`;
/** Import zones on resolved paths (so depth and the web's own `review/` folder do not matter). */
const importZones = FOLDERS.map((folder) => {
  const allowed = IMPORTS[folder];
  return {
    target: src(folder),
    from: FOLDERS.filter((f) => f !== folder && !allowed.includes(f)).map(src),
    message: `src/${folder} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other folder'} of src (IMPORTS in eslint.config.js).`,
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'public/**',
      // Measured experiments are outside the build, the type-check and the lint (experiments/README.md).
      'experiments/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycleWithTypes } } },
    settings: {
      // Sources import each other as `./x.js` (TypeScript's ESM rule) while the file is `x.ts`,
      // and import-x reads only the extensions and parsers it is told of: without these three
      // settings no import resolved and was read, so `no-cycle` saw no edges and passed anything.
      'import-x/extensions': ['.ts', '.js'],
      // Dependencies are parsed with every import read as a value, so `no-cycle` follows type
      // imports (scripts/lint/no-cycle-with-types.js).
      'import-x/parsers': {
        [`${import.meta.dirname}/scripts/lint/value-imports-parser.cjs`]: ['.ts'],
      },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'local/no-cycle': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  // The pure layers and the wire contract (shared with the browser) do no I/O.
  {
    files: FOLDERS.filter((f) => !['cli', 'server', 'web'].includes(f)).map((f) => `src/${f}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [io] }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // The solver's AssemblyScript (TypeScript syntax, its own types and builtins): the rules that
  // need no type information, through a parser that tolerates its decorators.
  {
    files: ['src/solver/assembly/**/*.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parser: assemblyscriptParser, parserOptions: { projectService: false } },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      // Module state is plain globals, and AssemblyScript lets another module assign them: a
      // global that its own module never reassigns, or an import only written, is still state.
      'no-import-assign': 'off',
      'prefer-const': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      // Declared builtins (`declare function`) and i32/u64 types are AssemblyScript's own.
      'no-undef': 'off',
      // Integer literals are i64/u64 there, exact past 2^53.
      'no-loss-of-precision': 'off',
      'local/no-cycle': 'off',
      'import-x/no-restricted-paths': 'off',
      'no-restricted-imports': 'off',
    },
  },
);
