// A service without click statistics, as the hosted interface is: a small proxy in front of the
// test service that answers 404 to `…/stats` and passes every other request through. With
// `noContract`, it publishes no contract either (404 to `/v1/openapi.json`): a service that offers
// nothing beyond the interface, whatever fields its answers carry.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startNoStatsProxy(
  target: string,
  { noContract = false } = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', target);
    if (/\/stats$/.test(url.pathname) || (noContract && url.pathname === '/v1/openapi.json')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, error: { code: 'not_found', message: 'Not found' } }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') {
        headers.set(name, value);
      }
    }
    const answer = await fetch(url, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const outgoing: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'content-length') outgoing[name] = value;
    });
    res.writeHead(answer.status, outgoing);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
