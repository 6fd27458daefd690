// Prettier plugin for the AssemblyScript sources (src/solver/assembly): each decorator line
// becomes a marked block comment for the TypeScript parser and is printed back as it was.
import * as estree from 'prettier/plugins/estree';
import * as typescript from 'prettier/plugins/typescript';
import { DECORATOR_LINE } from './assemblyscript-decorators.js';

const MARK = 'assemblyscript-decorator:';
const base = estree.printers.estree;

export const parsers = {
  typescript: {
    ...typescript.parsers.typescript,
    astFormat: 'assemblyscript-estree',
    preprocess: (text) =>
      text.replace(
        DECORATOR_LINE,
        (_line, indent, decorator) => `${indent}/*${MARK}${decorator}*/`,
      ),
  },
};

export const printers = {
  'assemblyscript-estree': {
    ...base,
    printComment(path, options) {
      const { value } = path.node;
      return value.startsWith(MARK) ? value.slice(MARK.length) : base.printComment(path, options);
    },
  },
};
