import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import pg from 'pg';

/** Whether the services the adapter suites need are reachable: a reason when not. */

export async function postgresMissing(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${url} is not reachable (${String(error)}; set TEST_DATABASE_URL)`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function redisMissing(url: string): Promise<string | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const reason = (why: string): string =>
      `Redis at ${url} is not reachable (${why}; set TEST_REDIS_URL)`;
    const socket = connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(reason('no answer'));
    });
    socket.once('data', (d: Buffer) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG') ? undefined : reason(d.toString().trim()));
    });
    socket.once('error', (e) => {
      resolve(reason(e.message));
    });
  });
}

/** The PostgreSQL client tools the backup command and the guide's restore run, or a reason. */
export function pgToolsMissing(): string | undefined {
  try {
    for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    }
    return undefined;
  } catch {
    return 'pg_dump/pg_restore/psql are not installed (apt-get install postgresql-client)';
  }
}
