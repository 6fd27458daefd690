import { announce } from '../../dom.js';
import type { OnlineClient } from '../client.js';
import { routeHash } from '../routes.js';
import { keepSeatSecret } from '../seats.js';
import { openGameOf, pairingAnnouncement } from './model.js';
import { joinedSecret, rememberTournamentGame, tournamentOfGame } from './secrets.js';

/** How long a finished tournament game stays on screen before the next one opens. */
const NEXT_GAME_DELAY_MS = 3000;

/**
 * Takes the player to each new tournament game, on whichever online page they are. A game is
 * heard of by `tournamentPairing`, or (after a reconnect, when the server no longer knows this
 * connection joined) from the watched tournament's games, whichever comes first; each game
 * once. The seat secret the tournament was joined with holds the new game's seat. The player
 * is taken there from the tournament's page or a game of it (an arena pairs again seconds after
 * a game ends); from anywhere else the page only says so.
 */
export function followTournaments(
  client: OnlineClient,
  me: () => string | undefined,
  navigate: (hash: string) => void,
): () => void {
  const told = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const offer = (
    tournamentId: string,
    gameId: string,
    pairing: Parameters<typeof pairingAnnouncement>[0],
  ): void => {
    const secret = joinedSecret(tournamentId);
    if (secret === undefined || told.has(gameId)) return;
    told.add(gameId);
    keepSeatSecret(gameId, secret);
    rememberTournamentGame(gameId, tournamentId);
    const here = location.hash;
    const game = routeHash({ kind: 'game', gameId });
    if (here === game) return;
    const onTournament =
      here === routeHash({ kind: 'tournament', tournamentId }) ||
      (here.startsWith('#play=') && tournamentOfGame(here.slice('#play='.length)) === tournamentId);
    const text = pairingAnnouncement(pairing);
    if (onTournament && here.startsWith('#play=')) {
      // From the game just finished: its result stays on screen a moment before the next.
      announce(`${text} It opens in a few seconds.`);
      const timer = setTimeout(() => {
        if (location.hash === here) navigate(game);
      }, NEXT_GAME_DELAY_MS);
      timers.add(timer);
    } else if (onTournament) {
      announce(`${text} Opening the game.`);
      navigate(game);
    } else {
      announce(`${text} Open the tournament's page to play it.`);
    }
  };

  const offs = [
    client.on('tournamentPairing', (p) => {
      offer(p.tournamentId, p.gameId, p);
    }),
    client.on('tournament', (t) => {
      const mine = me();
      const open = openGameOf(t, mine);
      if (!open?.gameId || !open.second) return;
      const seat = open.first.playerId === mine ? 1 : 2;
      const opponent = seat === 1 ? open.second : open.first;
      const rating = t.standings.find((s) => s.playerId === opponent.playerId)?.rating ?? 1500;
      offer(t.id, open.gameId, {
        seat,
        opponent: { name: opponent.name, rating },
        round: open.round,
      });
    }),
  ];
  return () => {
    for (const off of offs) off();
    for (const timer of timers) clearTimeout(timer);
  };
}
