// The yardstick for redirects: a bare node:http server answering every request with a fixed 302.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_req, res) => {
  res.writeHead(302, { Location: 'https://example.com/', 'Content-Length': 0 });
  res.end();
});
server.listen(0, '127.0.0.1', () => {
  console.log(`Listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
