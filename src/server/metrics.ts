/** A small Prometheus text-format registry: counters, gauges and one latency histogram type. */
type Labels = Readonly<Record<string, string>>;

const labelKey = (labels: Labels): string =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
    .join(',');

class Family {
  readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge',
  ) {}
  add(amount = 1, labels: Labels = {}): void {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + amount);
  }
  set(value: number, labels: Labels = {}): void {
    this.values.set(labelKey(labels), value);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    if (this.values.size === 0) lines.push(`${this.name} 0`);
    for (const [key, value] of this.values) {
      lines.push(key ? `${this.name}{${key}} ${value}` : `${this.name} ${value}`);
    }
    return lines.join('\n');
  }
}

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

class Histogram {
  private readonly counts = BUCKETS.map(() => 0);
  private sum = 0;
  private count = 0;
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) this.counts[i]!++;
    });
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    BUCKETS.forEach((bound, i) =>
      lines.push(`${this.name}_bucket{le="${bound}"} ${this.counts[i]!}`),
    );
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${this.name}_sum ${this.sum}`, `${this.name}_count ${this.count}`);
    return lines.join('\n');
  }
}

export class Metrics {
  readonly connections = new Family('c4_connections', 'Open WebSocket connections.', 'gauge');
  readonly connectionsTotal = new Family(
    'c4_connections_total',
    'WebSocket connections accepted.',
    'counter',
  );
  readonly rooms = new Family(
    'c4_games_watched',
    'Games with a connection on this process.',
    'gauge',
  );
  readonly gamesCreated = new Family('c4_games_created_total', 'Games created.', 'counter');
  readonly gamesFinished = new Family('c4_games_finished_total', 'Games finished.', 'counter');
  readonly moves = new Family('c4_moves_total', 'Moves accepted.', 'counter');
  readonly errors = new Family('c4_errors_total', 'Errors sent to clients, by code.', 'counter');
  readonly casConflicts = new Family(
    'c4_cas_conflicts_total',
    'Compare-and-set writes that lost a race and were retried.',
    'counter',
  );
  readonly http = new Family('c4_http_requests_total', 'HTTP requests, by status.', 'counter');
  readonly eventLoopLag = new Family(
    'c4_event_loop_lag_seconds',
    'Worst event-loop delay in the last 10 s window.',
    'gauge',
  );
  readonly moveLatency = new Histogram(
    'c4_move_latency_seconds',
    'Time from receiving a move to acknowledging it.',
  );

  render(): string {
    return (
      [
        this.connections,
        this.connectionsTotal,
        this.rooms,
        this.gamesCreated,
        this.gamesFinished,
        this.moves,
        this.errors,
        this.casConflicts,
        this.http,
        this.eventLoopLag,
        this.moveLatency,
      ]
        .map((m) => m.render())
        .join('\n') + '\n'
    );
  }
}
