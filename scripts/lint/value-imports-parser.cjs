// The TypeScript parser, but every import and re-export reads as a value import. import-x parses
// a file's dependencies with this (`import-x/parsers`), so `no-cycle` walks type-only edges too:
// a cycle of types still ties two modules together, and it ignores them on its own.
const parser = require('@typescript-eslint/parser');

const KINDS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration']);

/** Marks an import or export statement and its specifiers as values, in place. */
function asValue(node) {
  if ('importKind' in node) node.importKind = 'value';
  if ('exportKind' in node) node.exportKind = 'value';
  for (const specifier of node.specifiers ?? []) asValue(specifier);
}

module.exports = {
  ...parser,
  parseForESLint(code, options) {
    const result = parser.parseForESLint(code, options);
    for (const statement of result.ast.body) if (KINDS.has(statement.type)) asValue(statement);
    return result;
  },
};
