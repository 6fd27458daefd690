import type pg from 'pg';

/**
 * Reports how long each checkout of `pool` waited for a connection: pg's `pool.query` and the
 * store's transactions both go through `connect`, so timing it covers every statement. When
 * all connections are busy a move queues here, which is what `PG_POOL_SIZE` is tuned by.
 */
export function timePoolCheckouts(pool: pg.Pool, onWait: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const timed = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ): Promise<pg.PoolClient> | undefined => {
    const started = performance.now();
    const report = (): void => {
      onWait((performance.now() - started) / 1000);
    };
    if (callback !== undefined) {
      return connect((error, client, done) => {
        report();
        callback(error, client, done);
      });
    }
    return connect()!.then((client) => {
      report();
      return client;
    });
  };
  pool.connect = timed as typeof pool.connect;
}
