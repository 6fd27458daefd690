export type { TournamentSettings } from '../../tournament/index.js';

export type TournamentStatusName = 'upcoming' | 'running' | 'finished';
