import { newSeatSecret } from '../client.js';

/**
 * This browser's seat secret for each tournament it joined (the seats of all its games there,
 * docs/protocol.md "Tournaments"), and which tournament each of its games belongs to (so the
 * game page links back and keeps following the tournament). localStorage, as the seat secrets.
 */
const secretKey = (tournamentId: string): string => `c4.online.tournament.${tournamentId}`;
const gameKey = (gameId: string): string => `c4.online.tournament-game.${gameId}`;
const memory = new Map<string, string>();

const read = (key: string): string | undefined => {
  try {
    return localStorage.getItem(key) ?? memory.get(key);
  } catch {
    return memory.get(key);
  }
};
const write = (key: string, value: string): void => {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: kept for this page only.
  }
};

/** The secret this browser joins `tournamentId` with, made on first use. */
export function tournamentSecret(tournamentId: string): string {
  const known = read(secretKey(tournamentId));
  if (known !== undefined) return known;
  const secret = newSeatSecret();
  write(secretKey(tournamentId), secret);
  return secret;
}

/** The secret if this browser ever joined the tournament. */
export const joinedSecret = (tournamentId: string): string | undefined =>
  read(secretKey(tournamentId));

export const rememberTournamentGame = (gameId: string, tournamentId: string): void => {
  write(gameKey(gameId), tournamentId);
};

export const tournamentOfGame = (gameId: string): string | undefined => read(gameKey(gameId));
