import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticHandler } from './http/static.js';

/** Entry point of `npm start`: serves the built web app (and, later, online play). */
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = process.env['WEB_ROOT'] ?? path.resolve(here, '..', 'web');
const port = Number(process.env['PORT'] ?? 3000);
const host = process.env['HOST'] ?? '127.0.0.1';

const serveStatic = createStaticHandler(webRoot);
const server = createServer((req, res) => {
  serveStatic(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, host, () => {
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  console.log(`Connect Four at http://${shownHost}:${address.port}/`);
});
const stop = (): void => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
