/**
 * Seat secrets, one per game, in this browser's localStorage only. Losing one (private mode,
 * cleared storage) loses the seat, never the game for the opponent.
 */
const key = (gameId: string): string => `c4.online.seat.${gameId}`;
const memory = new Map<string, string>();

export function seatSecret(gameId: string): string | undefined {
  try {
    return localStorage.getItem(key(gameId)) ?? memory.get(gameId);
  } catch {
    return memory.get(gameId);
  }
}

export function keepSeatSecret(gameId: string, secret: string): void {
  memory.set(gameId, secret);
  try {
    localStorage.setItem(key(gameId), secret);
  } catch {
    // Storage unavailable: the seat lasts as long as this page.
  }
}
