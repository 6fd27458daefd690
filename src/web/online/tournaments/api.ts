import {
  TournamentListSchema,
  TournamentResponseSchema,
  type TournamentDetail,
  type TournamentSummary,
} from '../../../protocol/index.js';

/** The tournament HTTP reads (docs/protocol.md, "Tournaments"), validated like every answer. */
export class TournamentsApi {
  constructor(private readonly baseUrl = '') {}

  /** The schedule's upcoming, running and recently finished tournaments; undefined when unreachable. */
  async list(): Promise<TournamentSummary[] | undefined> {
    const json = await this.get('/api/tournaments');
    const parsed = TournamentListSchema.safeParse(json);
    return parsed.success ? parsed.data.tournaments : undefined;
  }

  /** One tournament with its standings and games; null when there is none, undefined when unreachable. */
  async detail(id: string): Promise<TournamentDetail | null | undefined> {
    const json = await this.get(`/api/tournaments/${encodeURIComponent(id)}`);
    if (json === null) return null;
    const parsed = TournamentResponseSchema.safeParse(json);
    return parsed.success ? parsed.data.tournament : undefined;
  }

  /** The body, null on 404, undefined when the server cannot be reached. */
  private async get(path: string): Promise<unknown> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`);
      if (response.status === 404) return null;
      return await response.json();
    } catch {
      return undefined;
    }
  }
}
