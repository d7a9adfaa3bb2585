// Destinations for the link-health tests, on a local server: a page that answers, one that is gone,
// and one that has moved for good. The service checks them only when it may reach private
// addresses (startTestService's checkOptions.allowPrivate, `--check-private-destinations`).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HealthPages = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** 200 */
  here: string;
  /** 404 */
  gone: string;
  /** 301 to `here` */
  moved: string;
  /** How many requests each path has had, by method and path (`HEAD /gone`). */
  asked: Map<string, number>;
  /** Requests that came with a cookie or an Authorization header. */
  withCredentials: number;
  stop(): Promise<void>;
};

export async function startHealthPages(): Promise<HealthPages> {
  const asked = new Map<string, number>();
  const pages = { withCredentials: 0 };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const key = `${request.method} ${path}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
    if (request.headers.cookie || request.headers.authorization) pages.withCredentials++;
    // Any page may be asked from the extension's pages: they are other origins.
    response.setHeader('access-control-allow-origin', '*');
    if (path.startsWith('/moved')) {
      response.writeHead(301, { location: path.replace('/moved', '/here') }).end();
    } else if (path.startsWith('/here')) {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Here</title>');
    } else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get withCredentials() {
      return pages.withCredentials;
    },
    origin,
    here: `${origin}/here`,
    gone: `${origin}/gone`,
    moved: `${origin}/moved`,
    asked,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
