// The destinations the health bench's checker asks: a bare node:http server answering 200 on every
// loopback address (127.0.0.0/8), so that its links spread over many hosts as real ones do.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 7 });
  res.end('a page\n');
});
server.listen(0, '0.0.0.0', () => {
  console.log(`Listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
