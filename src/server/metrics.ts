import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
} from 'prom-client';

/**
 * Each server's Prometheus metrics, through prom-client (its text format, label escaping and
 * histograms). The families keep the small `add`/`set`/`observe` API their callers use. The
 * process's own metrics (memory, heap, file descriptors, GC, event-loop lag) belong to the
 * process, not to a server: one registry for them, however many servers a test starts.
 */
type Labels = Readonly<Record<string, string>>;

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A counter or gauge; `add` on a counter takes only non-negative amounts. */
class Family {
  private readonly metric: Counter | Gauge;
  constructor(
    registry: Registry,
    name: string,
    help: string,
    readonly type: 'counter' | 'gauge',
    labelNames: readonly string[] = [],
  ) {
    const config: CounterConfiguration<string> = {
      name,
      help,
      labelNames,
      registers: [registry],
    };
    this.metric = type === 'counter' ? new Counter(config) : new Gauge(config);
  }
  add(amount = 1, labels: Labels = {}): void {
    this.metric.inc(labels, amount);
  }
  set(value: number, labels: Labels = {}): void {
    if (this.metric instanceof Gauge) this.metric.set(labels, value);
  }
  /** The current value for `labels` (0 before the first change). */
  async value(labels: Labels = {}): Promise<number> {
    const keys = Object.entries(labels);
    const { values } = await this.metric.get();
    const found = values.find(
      (v) =>
        Object.keys(v.labels).length === keys.length && keys.every(([k, x]) => v.labels[k] === x),
    );
    return found?.value ?? 0;
  }
}

class Timing {
  private readonly metric: Histogram;
  constructor(registry: Registry, name: string, help: string, buckets: readonly number[]) {
    this.metric = new Histogram({ name, help, buckets: [...buckets], registers: [registry] });
  }
  observe(seconds: number): void {
    this.metric.observe(seconds);
  }
}

const MOVE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A pool wait or a Redis round trip is usually well under a millisecond: finer at the bottom. */
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.25, 1, 2.5];

export class Metrics {
  private readonly registry = new Registry();
  readonly connections = new Family(
    this.registry,
    'c4_connections',
    'Open WebSocket connections.',
    'gauge',
  );
  readonly connectionsTotal = new Family(
    this.registry,
    'c4_connections_total',
    'WebSocket connections accepted.',
    'counter',
  );
  readonly rooms = new Family(
    this.registry,
    'c4_games_watched',
    'Games with a connection on this process.',
    'gauge',
  );
  readonly gamesCreated = new Family(
    this.registry,
    'c4_games_created_total',
    'Games created.',
    'counter',
  );
  readonly gamesFinished = new Family(
    this.registry,
    'c4_games_finished_total',
    'Games finished.',
    'counter',
  );
  readonly moves = new Family(this.registry, 'c4_moves_total', 'Moves accepted.', 'counter');
  readonly errors = new Family(
    this.registry,
    'c4_errors_total',
    'Errors sent to clients, by code.',
    'counter',
    ['code'],
  );
  readonly casConflicts = new Family(
    this.registry,
    'c4_cas_conflicts_total',
    'Compare-and-set writes that lost a race and were retried.',
    'counter',
  );
  readonly http = new Family(
    this.registry,
    'c4_http_requests_total',
    'HTTP requests, by status.',
    'counter',
    ['status'],
  );
  readonly eventLoopLag = new Family(
    this.registry,
    'c4_event_loop_lag_seconds',
    'Worst event-loop delay in the last 10 s window.',
    'gauge',
  );
  readonly moveLatency = new Timing(
    this.registry,
    'c4_move_latency_seconds',
    'Time from receiving a move to acknowledging it.',
    MOVE_BUCKETS,
  );
  readonly pgPoolWait = new Timing(
    this.registry,
    'c4_pg_pool_wait_seconds',
    'Time a PostgreSQL query waited for a pooled connection.',
    WAIT_BUCKETS,
  );
  readonly redisRoundTrip = new Timing(
    this.registry,
    'c4_redis_publish_seconds',
    'Time from publishing a message on Redis to its reply.',
    WAIT_BUCKETS,
  );

  readonly contentType = this.registry.contentType;

  /** This server's families and the process's, in Prometheus text format. */
  async render(): Promise<string> {
    return Registry.merge([this.registry, processMetrics()]).metrics();
  }
}
