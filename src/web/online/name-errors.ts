/**
 * What the page says when the server refuses a name (picking one or renaming), by the stable
 * error code; the server's own message fills in the details it alone knows (which rule, how
 * often renaming is allowed).
 */
export function nameErrorText(
  action: 'create' | 'rename',
  error: { readonly code: string; readonly message: string },
): string {
  switch (error.code) {
    case 'name_taken':
      return 'That name (or one too like it) is taken. Try another.';
    case 'name_too_short':
    case 'name_too_long':
    case 'name_bad_characters':
    case 'name_reserved':
      return sentence(error.message);
    case 'rename_too_soon':
      return `You cannot change your name yet: ${withStop(error.message)}`;
    case 'rate_limited':
      return action === 'create'
        ? 'Too many new names from here lately. Try again later.'
        : 'Too many requests from here lately. Try again in a few minutes.';
    case 'unknown_player':
      return 'The server does not know this browser’s player any more. Pick a name in the lobby.';
    case 'disconnected':
      return 'Could not reach the server. Check your connection and try again.';
    default:
      return sentence(error.message);
  }
}

const withStop = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
const sentence = (text: string): string => withStop(text.charAt(0).toUpperCase() + text.slice(1));
