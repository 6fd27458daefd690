// ESLint parser for the AssemblyScript sources (src/solver/assembly): typescript-eslint's, on
// the text with each decorator line blanked to spaces of the same length, so every position
// ESLint reports stays where it is in the file.
import * as tsParser from '@typescript-eslint/parser';
import { DECORATOR_LINE } from './assemblyscript-decorators.js';

const blank = (text) => text.replace(DECORATOR_LINE, (line) => ' '.repeat(line.length));

export default {
  meta: { name: 'assemblyscript-eslint-parser' },
  parseForESLint: (text, options) => tsParser.parseForESLint(blank(text), options),
};
