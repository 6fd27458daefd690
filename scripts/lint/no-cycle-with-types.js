// import-x's `no-cycle`, counting type-only imports as edges. The rule skips a file's own type
// imports and its dependencies' (parsed by value-imports-parser.cjs, which reads them as values);
// this wrapper hands it each import statement marked as a value.
import { importX } from 'eslint-plugin-import-x';

const noCycle = importX.rules['no-cycle'];

/** A copy of an import/export node whose statement and specifiers read as value imports. */
function asValue(node) {
  if (!('importKind' in node) && !('exportKind' in node)) return node;
  return {
    ...node,
    ...('importKind' in node ? { importKind: 'value' } : {}),
    ...('exportKind' in node ? { exportKind: 'value' } : {}),
    ...(node.specifiers
      ? {
          specifiers: node.specifiers.map((s) => ({
            ...s,
            importKind: 'value',
            exportKind: 'value',
          })),
        }
      : {}),
  };
}

export const noCycleWithTypes = {
  meta: noCycle.meta,
  defaultOptions: noCycle.defaultOptions,
  create(context) {
    const visitors = noCycle.create(context);
    return Object.fromEntries(
      Object.entries(visitors).map(([selector, visit]) => [
        selector,
        (node) => visit(asValue(node)),
      ]),
    );
  },
};
