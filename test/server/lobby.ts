import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { RunningServer } from '../../src/server/app.js';
import type {
  PlayerPage,
  PublicGame,
  PublicPlayer,
  ServerMessage,
} from '../../src/protocol/index.js';
import { TestClient, createGame, newSecret, startTestServer, type Backend } from './helpers.js';

/**
 * What the server suites set up alike: players, clients, games and the waits on them. One
 * place, so that a change of the API or the protocol is followed in one place.
 */

export type Msg<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** The in-process server of one suite, with its own store. */
export interface SuiteServer {
  readonly server: RunningServer;
  readonly backend: Backend;
  readonly url: string;
}

/**
 * Starts a server on a fresh `make()` store before the suite's tests and stops it (and the
 * suite's `clients`, then the store) after them. Read the fields inside tests and hooks only.
 */
export function suiteServer(
  make: () => Backend,
  extraEnv: Record<string, string> = {},
  clients?: ClientSet,
): SuiteServer {
  let running: { server: RunningServer; backend: Backend } | undefined;
  beforeAll(async () => {
    const backend = make();
    running = { backend, server: await startTestServer(backend, {}, extraEnv) };
  });
  afterAll(async () => {
    await clients?.closeAll();
    await running?.server.close();
    await running?.backend.cleanup();
  });
  const get = (): { server: RunningServer; backend: Backend } => {
    if (!running) throw new Error('the suite server is read before it started');
    return running;
  };
  return {
    get server() {
      return get().server;
    },
    get backend() {
      return get().backend;
    },
    get url() {
      return get().server.url;
    },
  };
}

/** Plays `columns` from the game's current position, each side from its own client. */
export async function play(
  url: string,
  seats: Record<1 | 2, TestClient>,
  gameId: string,
  columns: readonly number[],
): Promise<void> {
  for (const column of columns) {
    const { version, turn } = await readGame(url, gameId);
    const reply = await seats[turn ?? 1].request({ type: 'move', gameId, column, version });
    expect(reply, JSON.stringify(reply)).toMatchObject({ type: 'ack' });
  }
}

/** A type guard for `waitFor`: the message is of `type`. */
export const is =
  <T extends ServerMessage['type']>(type: T) =>
  (m: ServerMessage): m is Msg<T> =>
    m.type === type;

/** A named player: the identity secret that acts for them, and their public record. */
export interface Named {
  readonly secret: string;
  readonly player: PublicPlayer;
}

/** A new named player made over HTTP (`name` must be free on that server). */
export async function createPlayer(url: string, name: string): Promise<Named> {
  const secret = newSecret();
  const response = await fetch(`${url}api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret, name }),
  });
  expect(response.status).toBe(201);
  return { secret, player: ((await response.json()) as { player: PublicPlayer }).player };
}

export const readGame = async (url: string, id: string): Promise<PublicGame> =>
  ((await (await fetch(`${url}api/games/${id}`)).json()) as { game: PublicGame }).game;

export const readPlayerPage = async (url: string, id: string): Promise<PlayerPage> =>
  (await (await fetch(`${url}api/players/${id}`)).json()) as PlayerPage;

/** The clients a suite opens (each ready once the server said hello), closed together at its end. */
export class ClientSet {
  private readonly clients: TestClient[] = [];

  async connect(url: string): Promise<TestClient> {
    const client = await TestClient.connect(url);
    this.clients.push(client);
    await client.waitFor(is('hello'));
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

/** The first snapshot, seen by `client`, of a finished game. */
export const finished = (client: TestClient, timeoutMs = 10_000): Promise<PublicGame> =>
  client
    .waitFor((m): m is Msg<'game'> => m.type === 'game' && m.game.status === 'finished', timeoutMs)
    .then((m) => m.game);

/**
 * Waits (vitest's `vi.waitFor`) until `probe` gives a value, for a change no connected client
 * would hear of.
 */
export function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error('timed out waiting for a value');
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** A classic game made over HTTP: seat 1 is `secrets[0]`'s; `secrets[1]` is for seat 2. */
export async function openGame(
  url: string,
  clock: { initialMs: number; incrementMs: number } | null,
): Promise<{ gameId: string; secrets: readonly [string, string] }> {
  const secrets = [newSecret(), newSecret()] as const;
  const created = await createGame(url, { variant: '7x6c4', clock, side: 1, secret: secrets[0] });
  return { gameId: created.json['gameId'] as string, secrets };
}

/** A client for each seat of `gameId`, joined with `secrets` (seat 1 first). */
export async function joinBoth(
  url: string,
  gameId: string,
  secrets: readonly [string, string],
): Promise<[TestClient, TestClient]> {
  const players = [await TestClient.connect(url), await TestClient.connect(url)] as [
    TestClient,
    TestClient,
  ];
  await players[0].request({ type: 'join', gameId, secret: secrets[0] });
  await players[1].request({ type: 'join', gameId, secret: secrets[1] });
  return players;
}

/** One player of a matched game: their client, seat secret and identity. */
export interface Seated {
  readonly client: TestClient;
  readonly secret: string;
  readonly who: Named;
}

export interface Matched {
  readonly gameId: string;
  readonly seat: Record<1 | 2, Seated>;
  /** The same two, in the order the players were given. */
  readonly inOrder: readonly [Seated, Seated];
}

/**
 * `players[0]` (connected to `urls[0]`) seeks a game against people only and waits;
 * `players[1]` (on `urls[1]`) seeks the same and is matched with them; both join.
 * `seek` holds the variant and any further fields of the seek (such as `rated`).
 */
export async function seekPair(
  clients: ClientSet,
  urls: readonly [string, string],
  players: readonly [Named, Named],
  seek: { readonly variant: string; readonly rated?: boolean },
): Promise<Matched> {
  const [a, b] = players;
  const [ca, cb] = [await clients.connect(urls[0]), await clients.connect(urls[1])];
  const [sa, sb] = [newSecret(), newSecret()];
  const message = { type: 'seek', clock: null, computer: 'never', ...seek };
  expect(await ca.request({ ...message, secret: sa, player: a.secret })).toMatchObject({
    type: 'seeking',
  });
  const matched = (await cb.request({
    ...message,
    secret: sb,
    player: b.secret,
  })) as Msg<'matched'>;
  expect(matched.type).toBe('matched');
  const { gameId } = matched;
  await ca.request({ type: 'join', gameId, secret: sa });
  await cb.request({ type: 'join', gameId, secret: sb });
  const first: Seated = { client: ca, secret: sa, who: a };
  const second: Seated = { client: cb, secret: sb, who: b };
  const seat = (matched.seat === 1 ? { 1: second, 2: first } : { 1: first, 2: second }) as Record<
    1 | 2,
    Seated
  >;
  return { gameId, seat, inOrder: [first, second] };
}

/**
 * A seek for a game against the computer at once ("Play the computer"): classic, no clock,
 * rated, `player`'s identity, the seat to be taken with `secret`; `changes` vary it.
 */
export const computerSeek = (
  secret: string,
  player: string,
  changes: { readonly variant?: string; readonly rated?: boolean } = {},
) =>
  ({
    type: 'seek',
    variant: '7x6c4',
    clock: null,
    secret,
    player,
    computer: 'now',
    ...changes,
  }) as const;
