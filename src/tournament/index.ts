/**
 * Tournaments, pure: arena pairing and scoring, Swiss pairing (Dutch system) and tiebreaks,
 * validated settings. No I/O: the server (src/server/tournaments) stores and schedules them.
 */
export * from './errors.js';
export * from './settings.js';
export * from './arena-scoring.js';
export * from './arena-pairing.js';
export * from './arena.js';
export * from './swiss-types.js';
export * from './swiss-standings.js';
export * from './swiss-pairing.js';
