import {
  LeaderboardSchema,
  PlayerPageSchema,
  PlayerResponseSchema,
  TransferCodeResponseSchema,
  ErrorBodySchema,
  type Leaderboard,
  type PlayerPage,
  type PublicPlayer,
} from '../../protocol/index.js';
import { newSeatSecret } from './client.js';

/**
 * This browser's player identity: a random secret kept in localStorage (the server stores
 * only its hash, as with seats) and the player it names. Without one, online play is casual
 * and anonymous.
 */
const KEY = 'c4.online.identity';

export const identitySecret = (): string | undefined => {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
const keepIdentity = (secret: string): void => {
  try {
    localStorage.setItem(KEY, secret);
  } catch {
    // Private mode: the identity lasts this page only.
  }
};

type Failure = { readonly error: { readonly code: string; readonly message: string } };
export type Answer<T> = T | Failure;
export const failed = <T>(a: Answer<T>): a is Failure =>
  typeof a === 'object' && a !== null && 'error' in a;

/** The identity and player endpoints (docs/protocol.md, "Players and ratings"). */
export class PlayersApi {
  constructor(private readonly baseUrl = '') {}

  private async call<T>(
    path: string,
    parse: (json: unknown) => T | undefined,
    body?: unknown,
  ): Promise<Answer<T>> {
    try {
      const response = await fetch(`${this.baseUrl}/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const json: unknown = await response.json().catch((): unknown => undefined);
      const value = response.ok ? parse(json) : undefined;
      if (value !== undefined) return value;
      const error = ErrorBodySchema.safeParse(json);
      return error.success
        ? error.data
        : {
            error: { code: 'bad_server_message', message: `unexpected answer ${response.status}` },
          };
    } catch {
      return { error: { code: 'disconnected', message: 'Could not reach the server.' } };
    }
  }

  private player(json: unknown): PublicPlayer | undefined {
    const parsed = PlayerResponseSchema.safeParse(json);
    return parsed.success ? parsed.data.player : undefined;
  }

  /** Creates this browser's identity with `name`, or says why the name was refused. */
  async create(name: string): Promise<Answer<PublicPlayer>> {
    const secret = newSeatSecret();
    const answer = await this.call('players', (j) => this.player(j), { secret, name });
    if (!failed(answer)) keepIdentity(secret);
    return answer;
  }

  /** The player this browser is, if any. */
  me(): Promise<Answer<PublicPlayer>> | undefined {
    const secret = identitySecret();
    return secret === undefined
      ? undefined
      : this.call('players/me', (j) => this.player(j), { secret });
  }

  rename(name: string): Promise<Answer<PublicPlayer>> {
    return this.call('players/rename', (j) => this.player(j), { secret: identitySecret(), name });
  }

  transferCode(): Promise<Answer<{ code: string; expiresAt: number }>> {
    return this.call(
      'players/transfer',
      (j) => {
        const parsed = TransferCodeResponseSchema.safeParse(j);
        return parsed.success ? parsed.data : undefined;
      },
      { secret: identitySecret() },
    );
  }

  /** Takes over the identity a code from another device names. */
  async redeem(code: string): Promise<Answer<PublicPlayer>> {
    const secret = newSeatSecret();
    const answer = await this.call('players/redeem', (j) => this.player(j), { secret, code });
    if (!failed(answer)) keepIdentity(secret);
    return answer;
  }

  page(id: string): Promise<Answer<PlayerPage>> {
    return this.call(`players/${encodeURIComponent(id)}`, (j) => {
      const parsed = PlayerPageSchema.safeParse(j);
      return parsed.success ? parsed.data : undefined;
    });
  }

  leaderboard(pool: string): Promise<Answer<Leaderboard>> {
    return this.call(`leaderboard?pool=${encodeURIComponent(pool)}`, (j) => {
      const parsed = LeaderboardSchema.safeParse(j);
      return parsed.success ? parsed.data : undefined;
    });
  }
}

/** "1523" or "1500?" while provisional. */
export const ratingText = (rating: number | undefined, provisional: boolean | undefined): string =>
  rating === undefined ? '' : `${Math.round(rating)}${provisional === false ? '' : '?'}`;

export const POOL_LABELS: Readonly<Record<string, string>> = {
  classic: 'Classic 7×6',
  connect4: 'Other connect-4 boards',
  connectN: 'Connect 3, 5 and more',
};
