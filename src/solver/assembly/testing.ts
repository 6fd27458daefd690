// The test build's entry: the production API plus the switches and probes tests need
// (scripts/build/solver-wasm-source.ts builds it apart, never into the product).
export * from './solver';
export * from './knobs';
export * from './probes';
