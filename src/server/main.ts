import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './app.js';
import { configFromEnv } from './config.js';

/** Entry point of `npm start`: the web app plus online play, configured by the environment. */
const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = configFromEnv(process.env, path.resolve(here, '..', 'web'));
  const server = await startServer(config);
  console.log(`Connect Four at ${server.url}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
