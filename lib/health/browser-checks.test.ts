// The browser's own destination checks, against local pages over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HealthPages, startHealthPages } from '../../test/support/health-pages.ts';
import { browserHealthOf, readBrowserChecks, writeBrowserChecks } from './browser-check-record.ts';
import { type BrowserCheck, checkAllInBrowser, checkInBrowser } from './browser-checks.ts';

let pages: HealthPages;
let odd: Server;
let oddOrigin: string;
const seen: { method: string; cookie?: string; authorization?: string }[] = [];

beforeAll(async () => {
  pages = await startHealthPages();
  odd = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
    });
    if (request.url === '/no-head' && request.method === 'HEAD') response.writeHead(405).end();
    else if (request.url === '/no-head') response.writeHead(200).end('a body never read');
    else if (request.url === '/failing') response.writeHead(503).end();
    else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end(), 2_000);
    else response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddOrigin = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await pages.stop();
  odd.closeAllConnections();
  await new Promise((resolve) => odd.close(resolve));
});

describe("the browser's own check of a destination", () => {
  it('finds a page gone, a page that answers, and a page moved, asking with HEAD', async () => {
    expect((await checkInBrowser(pages.gone, undefined)).health).toMatchObject({
      destinationStatus: 'broken',
      destinationStatusCode: 404,
    });
    expect((await checkInBrowser(pages.here, undefined)).health).toMatchObject({
      destinationStatus: 'ok',
      destinationStatusCode: 200,
    });
    expect((await checkInBrowser(pages.moved, undefined)).health).toMatchObject({
      destinationStatus: 'redirected',
      destinationFinalUrl: pages.here,
    });
    expect(pages.asked.get('HEAD /gone')).toBeGreaterThan(0);
    expect(pages.asked.get('GET /gone')).toBeUndefined();
  });

  it('asks with GET when HEAD is refused, and sends no cookie and no key', async () => {
    seen.length = 0;
    const check = await checkInBrowser(`${oddOrigin}/no-head`, undefined);
    expect(check.health.destinationStatus).toBe('ok');
    expect(seen.map((request) => request.method)).toEqual(['HEAD', 'GET']);
    expect(seen.every((request) => !request.cookie && !request.authorization)).toBe(true);
  });

  it('calls a 5xx broken only the second time in a row', async () => {
    const url = `${oddOrigin}/failing`;
    const first = await checkInBrowser(url, undefined);
    expect(first.health.destinationStatus).toBe('unchecked');
    const second = await checkInBrowser(url, first);
    expect(second.health).toMatchObject({
      destinationStatus: 'broken',
      destinationStatusCode: 503,
    });
  });

  it('says unreachable for no answer in time, and for a refused connection', async () => {
    expect(
      (await checkInBrowser(`${oddOrigin}/slow`, undefined, { timeoutMs: 200 })).health,
    ).toMatchObject({ destinationStatus: 'unreachable', destinationReason: 'timeout' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await checkInBrowser(`http://127.0.0.1:${port}/`, undefined)).health).toMatchObject({
      destinationStatus: 'unreachable',
      destinationReason: 'connection',
    });
  });

  it('checks many 4 at a time, and keeps the results per account for the destination asked', async () => {
    const links = Array.from({ length: 6 }, (_, n) => ({
      shortUrl: `https://s.example/${n}`,
      destinationUrl: n % 2 ? `${pages.gone}/${n}` : `${pages.here}/${n}`,
    }));
    const checks = new Map<string, BrowserCheck>();
    await checkAllInBrowser(links, new Map(), (shortUrl, check) => checks.set(shortUrl, check));
    expect(
      [...checks.values()].filter((c) => c.health.destinationStatus === 'broken'),
    ).toHaveLength(3);
    await writeBrowserChecks('account-1', checks);
    const read = await readBrowserChecks('account-1');
    expect(browserHealthOf(links[1] as (typeof links)[number], read)?.destinationStatus).toBe(
      'broken',
    );
    expect(
      browserHealthOf(
        { shortUrl: 'https://s.example/1', destinationUrl: 'https://else.example/' },
        read,
      ),
    ).toBeUndefined();
    expect((await readBrowserChecks('account-2')).size).toBe(0);
  });
});
