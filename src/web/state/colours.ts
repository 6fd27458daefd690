import type { Player } from '../../core/index.js';

/** The two sides' names, everywhere on every page (the first player is Red). */
export const COLOUR: Readonly<Record<Player, string>> = { 1: 'Red', 2: 'Yellow' };
