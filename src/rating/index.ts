export * from './bots.js';
export * from './glicko2.js';
export * from './pools.js';
