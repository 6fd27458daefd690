// AssemblyScript puts decorators (`@inline`, `@external(...)`) on functions and globals, where
// TypeScript's grammar, and so Prettier's and ESLint's parsers, refuse them. Each sits alone on
// its line in our sources; the tools below hide it from the parser and keep it in the output.

/** A whole line holding one decorator: indent, then `@name` or `@name(args)`. */
export const DECORATOR_LINE = /^([ \t]*)(@\w+(?:\([^)\n]*\))?)[ \t]*$/gm;
