import { expect } from 'vitest';
import { TournamentResponseSchema, type TournamentDetail } from '../../../src/protocol/index.js';
import type { TestClient } from '../helpers.js';
import { is, type Msg, type Named } from '../lobby.js';

/**
 * What the tournament suites say over the game socket alike (docs/protocol.md, "Tournaments"):
 * create an arena, join it, wait for the pairing, read the page. One place, so that a change of
 * the tournament messages is followed in one place.
 */

/** The settings of a public 30-minute arena with a one-minute clock, starting now. */
export const arenaNow = (name: string): Record<string, unknown> => ({
  kind: 'arena',
  name,
  variant: '7x6',
  clock: { initialMs: 60_000, incrementMs: 0 },
  startsAt: Date.now(),
  durationMinutes: 30,
});

/** `who` creates `settings` (an arena starting now unless given) over `client`; its id. */
export async function createTournament(
  client: TestClient,
  who: Named,
  name: string,
  settings: Record<string, unknown> = arenaNow(name),
): Promise<string> {
  const created = await client.request({
    type: 'tournamentCreate',
    player: who.secret,
    settings,
  });
  expect(created.type).toBe('tournamentCreated');
  return (created as Msg<'tournamentCreated'>).tournamentId;
}

/** `who` joins `tournamentId` over `client`, their seats to be taken with `secret`; the reply. */
export const joinTournament = (
  client: TestClient,
  tournamentId: string,
  who: Named,
  secret: string,
) => client.request({ type: 'tournamentJoin', tournamentId, player: who.secret, secret });

/** The next `tournamentPairing` `client` hears (the runner ticks every second). */
export const pairingOf = (client: TestClient, timeoutMs = 15_000) =>
  client.waitFor(is('tournamentPairing'), timeoutMs);

/** The tournament's page as the HTTP API serves it. */
export async function tournamentPage(url: string, id: string): Promise<TournamentDetail> {
  const res = await fetch(new URL(`/api/tournaments/${id}`, url));
  return TournamentResponseSchema.parse(await res.json()).tournament;
}
