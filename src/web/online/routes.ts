/**
 * Online pages live in the URL fragment (`#online`, `#play=ID`, `#replay=ID`, `#tournaments`,
 * `#tournament=ID`): the app is
 * served with relative URLs from any folder, and the fragment never reaches a server log.
 * A game link holds only the game id; seat secrets stay in the browser.
 */
export type OnlineRoute =
  | { readonly kind: 'lobby' }
  | { readonly kind: 'game'; readonly gameId: string }
  | { readonly kind: 'replay'; readonly gameId: string }
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'leaderboard'; readonly pool: string }
  | { readonly kind: 'tournaments' }
  | { readonly kind: 'tournament'; readonly tournamentId: string };

const POOLS = ['classic', 'connect4', 'connectN'];

const ID = /^[A-Za-z0-9_-]{8,32}$/;

export function parseRoute(hash: string): OnlineRoute | undefined {
  const text = hash.replace(/^#/, '');
  if (text === 'online') return { kind: 'lobby' };
  if (text === 'leaderboard') return { kind: 'leaderboard', pool: 'classic' };
  if (text === 'tournaments') return { kind: 'tournaments' };
  const params = new URLSearchParams(text);
  const player = params.get('player');
  if (player !== null && ID.test(player)) return { kind: 'player', playerId: player };
  const pool = params.get('leaderboard');
  if (pool !== null && POOLS.includes(pool)) return { kind: 'leaderboard', pool };
  const tournament = params.get('tournament');
  if (tournament !== null && ID.test(tournament))
    return { kind: 'tournament', tournamentId: tournament };
  const play = params.get('play');
  if (play !== null && ID.test(play)) return { kind: 'game', gameId: play };
  const replay = params.get('replay');
  if (replay !== null && ID.test(replay)) return { kind: 'replay', gameId: replay };
  return undefined;
}

const WHAT: Readonly<Record<string, string>> = {
  play: 'an online game',
  replay: 'a finished game',
  player: 'a player',
  leaderboard: 'a leaderboard',
  tournament: 'a tournament',
};

/**
 * Why an online link cannot be opened (`#play=` with a malformed id, an unknown leaderboard),
 * or undefined when the fragment is no online link at all.
 */
export function brokenOnlineLink(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const [key, what] of Object.entries(WHAT)) {
    const value = params.get(key);
    if (value === null) continue;
    if (key === 'leaderboard') {
      return `That link names no leaderboard: "${value}" is not one of ${POOLS.join(', ')}.`;
    }
    return value === ''
      ? `That link is cut short: it names no ${what.replace(/^an? /, '')}.`
      : `That link names no ${what.replace(/^an? /, '')}: "${value}" is not a valid id (8 to 32 letters, digits, - or _).`;
  }
  return undefined;
}

export const routeHash = (route: OnlineRoute): string => {
  switch (route.kind) {
    case 'lobby':
      return '#online';
    case 'player':
      return `#player=${route.playerId}`;
    case 'leaderboard':
      return `#leaderboard=${route.pool}`;
    case 'tournaments':
      return '#tournaments';
    case 'tournament':
      return `#tournament=${route.tournamentId}`;
    default:
      return `#${route.kind === 'game' ? 'play' : 'replay'}=${route.gameId}`;
  }
};

/** Absolute link for sharing: this page's address with the route's fragment. */
export const routeLink = (route: OnlineRoute, href: string): string =>
  href.replace(/#.*$/, '') + routeHash(route);

/** The analysis board's own share format (see src/web/state/share.ts). */
export const analysisLink = (variant: string, notation: string, href: string): string =>
  `${href.replace(/#.*$/, '')}#g=${variant}:${notation}&m=analysis`;
