/**
 * What a player is told when the server (or the connection) refuses a game command, by the
 * stable error code. Every refusal gets a sentence a player understands and can act on; the
 * server's own message is used only for a code this page does not know, so a refusal is never
 * silent and never a bare code.
 */
export type GameCommand = 'move' | 'resign' | 'rematch' | 'join';

/** Codes a game command can be refused with (server codes and the client's own). */
export const GAME_REFUSAL_CODES = [
  'not_your_turn',
  'stale_version',
  'illegal_move',
  'game_over',
  'game_not_started',
  'game_not_over',
  'not_a_seat',
  'not_joined',
  'rate_limited',
  'conflict',
  'not_found',
  'identity_required',
  'seat_taken',
  'shutting_down',
  'internal',
  'disconnected',
  'timeout',
  'incompatible',
] as const;

const VERB: Readonly<Record<GameCommand, string>> = {
  move: 'Your move was not played',
  resign: 'Your resignation did not go through',
  rematch: 'The rematch was not offered',
  join: 'Could not join the game',
};

export function refusalText(
  command: GameCommand,
  error: { readonly code: string; readonly message: string },
): string {
  switch (error.code) {
    case 'not_your_turn':
      return 'Wait for your opponent to move.';
    case 'stale_version':
      return 'The game moved on before your move arrived; showing the latest position.';
    case 'illegal_move':
      return 'That column is full: choose another.';
    case 'game_over':
      // The server knows why (a flag fell, the first move came too late): say that too.
      return /clock|late/.test(error.message)
        ? `${VERB[command]}: ${clause(error.message)}`
        : 'The game is over.';
    case 'game_not_started':
      return 'The game starts when your friend opens the link.';
    case 'game_not_over':
      return 'A rematch can be offered once this game is over.';
    case 'not_a_seat':
      return 'You are watching this game.';
    case 'not_joined':
      return `${VERB[command]}: the page is still joining the game. Try again in a moment.`;
    case 'rate_limited':
      return `${VERB[command]}: too many requests. Slow down a little and try again.`;
    case 'conflict':
      return `${VERB[command]}: the server was busy with this game. Try again.`;
    case 'not_found':
      return 'There is no game at this link.';
    case 'identity_required':
      return 'This game is rated: pick a name in the online lobby to take the seat.';
    case 'seat_taken':
      return 'Both seats are taken: you are watching this game.';
    case 'shutting_down':
      return `${VERB[command]}: the server is restarting. Try again when it is back.`;
    case 'internal':
      return `${VERB[command]}: the server failed. Try again.`;
    case 'disconnected':
      return `${VERB[command]}: not connected. It will work again once the connection is back.`;
    case 'timeout':
      return `${VERB[command]}: the server did not answer. Try again.`;
    case 'incompatible':
      return 'This page is older than the server: reload it.';
    default:
      return `${VERB[command]}: ${clause(error.message)}`;
  }
}

/** The server's message as the end of a sentence: "…: your clock has run out." */
const clause = (text: string): string => {
  const trimmed = text.trim();
  if (trimmed === '') return 'the server refused it.';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};
