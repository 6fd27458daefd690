// Type-aware lint for the whole tree; import cycles are errors, the pure layers may not reach
// for I/O, and each layer imports only those below it (the layer order, `layerZones`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import assemblyscriptParser from './scripts/lint/assemblyscript-eslint-parser.js';

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

/**
 * The layers, lowest first: each may import only those before it (README, "Architecture").
 * The shells above them (cli, server, web) may import any layer but never each other.
 */
const LAYERS = [
  'core',
  'solver',
  'ai',
  'review',
  'puzzles',
  'rating',
  'players',
  'tournament',
  'protocol',
];
const SHELLS = ['cli', 'server', 'web'];
const ORDER = `${LAYERS.join(' < ')} < {${SHELLS.join(', ')}}`;
/**
 * The wire contract is shared with the browser: zod, the core and the tournament rules' error
 * codes only, whatever its rank.
 */
const PROTOCOL_MAY_USE = ['core', 'tournament'];
const src = (folder) => `./src/${folder}`;
/** Import zones on resolved paths (so depth and a shell's own `review/` folder do not matter). */
const layerZones = [
  ...LAYERS.map((layer, i) => {
    const allowed = layer === 'protocol' ? PROTOCOL_MAY_USE : LAYERS.slice(0, i);
    return {
      target: src(layer),
      from: [...LAYERS, ...SHELLS].filter((f) => f !== layer && !allowed.includes(f)).map(src),
      message: `Layer order ${ORDER}: src/${layer} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other folder'} of src.`,
    };
  }),
  ...SHELLS.map((shell) => ({
    target: src(shell),
    from: SHELLS.filter((s) => s !== shell).map(src),
    message: `The shells (${SHELLS.join(', ')}) never import each other: share a layer below (src/protocol between server and web).`,
  })),
];

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
    plugins: { 'import-x': importX },
    settings: {
      // Sources import each other as `./x.js` (TypeScript's ESM rule) while the file is `x.ts`,
      // and import-x reads only the extensions and parsers it is told of: without these three
      // settings no import resolved and was read, so `no-cycle` saw no edges and passed anything.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
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
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': 'off',
      'no-restricted-imports': 'off',
    },
  },
);
