import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { refusedRangeOf } from './address-ranges.ts';
import {
  type CheckOptions,
  checkDestination,
  MAX_BODY_BYTES,
  type Resolver,
  readAtMost,
} from './check-destination.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };
type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const servers: (http.Server | https.Server)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local server that records what it is asked; its origin is on the given loopback address. */
async function serve(handler: Handler, host = '127.0.0.1') {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, port, origin: `http://${host}:${port}` };
}

const answer =
  (status: number, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, headers).end('a page');
  };

const LOCAL: CheckOptions = { allowPrivate: true };

/** A resolver for made-up names; counts each question. */
function resolverOf(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const entry = table[hostname];
    const addresses = typeof entry === 'function' ? entry() : entry;
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('checking one destination', () => {
  it('finds a page that answers ok, with HEAD alone, naming itself and sending no credentials', async () => {
    const site = await serve(answer(200, { 'set-cookie': 'session=1' }));
    const state = await checkDestination(
      `http://user:secret@127.0.0.1:${site.port}/page?q=1`,
      LOCAL,
    );
    expect(state).toEqual({ state: 'ok', status: 200 });
    expect(site.seen.map(({ method, url }) => `${method} ${url}`)).toEqual(['HEAD /page?q=1']);
    const headers = site.seen[0]?.headers ?? {};
    expect(headers['user-agent']).toMatch(/^ShortLinkChecker\/1 \(/);
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
  });

  it.each([404, 410])(
    'finds a %i broken, confirmed with a GET before it counts',
    async (status) => {
      const site = await serve(answer(status));
      expect(await checkDestination(`${site.origin}/gone`, LOCAL)).toEqual({
        state: 'broken',
        status,
        transient: false,
      });
      expect(site.seen.map(({ method }) => method)).toEqual(['HEAD', 'GET']);
    },
  );

  it.each([500, 503])(
    'reports a %i as broken but transient, for the caller to require twice',
    async (status) => {
      const site = await serve(answer(status));
      expect(await checkDestination(site.origin, LOCAL)).toEqual({
        state: 'broken',
        status,
        transient: true,
      });
    },
  );

  it('takes a 403 or a 429 as an address that is there, with its status', async () => {
    const forbidden = await serve(answer(403));
    expect(await checkDestination(forbidden.origin, LOCAL)).toEqual({ state: 'ok', status: 403 });
    const busy = await serve(answer(429));
    expect(await checkDestination(busy.origin, LOCAL)).toEqual({ state: 'ok', status: 429 });
    expect(busy.seen.map(({ method }) => method)).toEqual(['HEAD']);
  });

  it.each([405, 501])('asks again with GET when HEAD is refused with %i', async (status) => {
    const site = await serve((request, response) => {
      response.writeHead(request.method === 'HEAD' ? status : 200).end('the page');
    });
    expect(await checkDestination(site.origin, LOCAL)).toEqual({ state: 'ok', status: 200 });
    expect(site.seen.map(({ method }) => method)).toEqual(['HEAD', 'GET']);
  });

  it.each([
    [301, true],
    [302, false],
    [303, false],
    [307, false],
    [308, true],
  ])('follows a %i to the final address, permanent: %s', async (status, permanent) => {
    const site = await serve((request, response) => {
      if (request.url === '/old') response.writeHead(status, { location: '/new?x=1' }).end();
      else response.writeHead(200).end();
    });
    expect(await checkDestination(`${site.origin}/old`, LOCAL)).toEqual({
      state: 'redirected',
      status: 200,
      finalUrl: `${site.origin}/new?x=1`,
      permanent,
    });
  });

  it('calls a chain permanent only when every redirect in it is', async () => {
    const site = await serve((request, response) => {
      if (request.url === '/a') response.writeHead(301, { location: '/b' }).end();
      else if (request.url === '/b') response.writeHead(302, { location: '/c' }).end();
      else response.writeHead(200).end();
    });
    const state = await checkDestination(`${site.origin}/a`, LOCAL);
    expect(state).toMatchObject({
      state: 'redirected',
      finalUrl: `${site.origin}/c`,
      permanent: false,
    });
  });

  it('finds a redirect to a missing page broken, with the address it ended on', async () => {
    const site = await serve((request, response) => {
      if (request.url === '/moved') response.writeHead(301, { location: '/nowhere' }).end();
      else response.writeHead(404).end();
    });
    expect(await checkDestination(`${site.origin}/moved`, LOCAL)).toEqual({
      state: 'broken',
      status: 404,
      transient: false,
      finalUrl: `${site.origin}/nowhere`,
    });
  });

  it('follows five redirects and stops at the sixth', async () => {
    const chainOf = (length: number) =>
      serve((request, response) => {
        const step = Number(request.url?.slice(1));
        if (step < length) response.writeHead(302, { location: `/${step + 1}` }).end();
        else response.writeHead(200).end();
      });
    const five = await chainOf(5);
    expect(await checkDestination(`${five.origin}/0`, LOCAL)).toMatchObject({
      state: 'redirected',
      finalUrl: `${five.origin}/5`,
    });
    const six = await chainOf(6);
    expect(await checkDestination(`${six.origin}/0`, LOCAL)).toMatchObject({
      state: 'unreachable',
      reason: 'too_many_redirects',
      url: `${six.origin}/5`,
    });
    expect(six.seen.map(({ url }) => url)).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
  });

  it('does not follow a redirect to an address that is not http(s)', async () => {
    const site = await serve(answer(302, { location: 'file:///etc/passwd' }));
    expect(await checkDestination(site.origin, LOCAL)).toMatchObject({
      state: 'unreachable',
      reason: 'bad_redirect',
      detail: 'file:///etc/passwd',
    });
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const site = await serve(() => {});
    const started = performance.now();
    expect(await checkDestination(site.origin, { ...LOCAL, timeoutMs: 200 })).toMatchObject({
      state: 'unreachable',
      reason: 'timeout',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads at most 64 KiB of a huge body and leaves the rest unsent', async () => {
    const HUGE = 256 * 1024 * 1024;
    let written = 0;
    const site = await serve((request, response) => {
      if (request.method === 'HEAD') return void response.writeHead(405).end();
      response.writeHead(200, { 'content-length': String(HUGE) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const writeMore = () => {
        while (written < HUGE && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', writeMore);
        }
      };
      writeMore();
    });
    expect(await checkDestination(site.origin, LOCAL)).toEqual({ state: 'ok', status: 200 });
    expect(written).toBeLessThan(HUGE / 8);
  });

  it('reads a body up to the limit and no further', async () => {
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(10_000));
    expect(await readAtMost(Readable.from(chunks), MAX_BODY_BYTES)).toBe(MAX_BODY_BYTES);
    expect(await readAtMost(Readable.from([Buffer.alloc(10)]), MAX_BODY_BYTES)).toBe(10);
  });

  it('tells refused, DNS and TLS failures apart', async () => {
    const closed = await serve(answer(200));
    const server = servers.pop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    expect(await checkDestination(closed.origin, LOCAL)).toMatchObject({
      state: 'unreachable',
      reason: 'refused',
      detail: 'ECONNREFUSED',
    });
    const { resolve } = resolverOf({});
    expect(await checkDestination('https://no-such-host.test/', { resolve })).toEqual({
      state: 'unreachable',
      reason: 'dns',
      detail: 'ENOTFOUND',
      url: 'https://no-such-host.test/',
    });
  });
});

describe('a self-signed certificate', () => {
  const openssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!openssl)('is a TLS failure, and the handshake names the host of the URL', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'checker-tls-'));
    try {
      const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
      const request = 'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=site.test'.split(' ');
      execFileSync('openssl', [...request, '-keyout', key, '-out', cert], { stdio: 'ignore' });
      const serverNames: string[] = [];
      const server = https.createServer(
        {
          key: readFileSync(key),
          cert: readFileSync(cert),
          SNICallback: (name, done) => {
            serverNames.push(name);
            done(null);
          },
        },
        answer(200),
      );
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const { resolve } = resolverOf({ 'site.test': ['127.0.0.1'] });
      expect(
        await checkDestination(`https://site.test:${port}/`, { ...LOCAL, resolve }),
      ).toMatchObject({
        state: 'unreachable',
        reason: 'tls',
        detail: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      });
      expect(serverNames).toEqual(['site.test']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('never a way into the operator’s network', () => {
  /** 127.0.0.1 stands in for the internet here; every other address is judged as in service. */
  const internetOn127 = (address: string) =>
    address === '127.0.0.1' ? undefined : refusedRangeOf(address);

  it.each([
    ['http://127.0.0.1:PORT/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1:PORT/', '127.0.0.1', 'loopback'],
    ['http://2130706433:PORT/', '127.0.0.1', 'loopback'],
    ['http://[::ffff:127.0.0.1]:PORT/', '::ffff:7f00:1', 'loopback'],
    ['http://[::1]:PORT/', '::1', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'metadata'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254', 'metadata'],
  ])('refuses %s unasked', async (destination, address, range) => {
    const site = await serve(answer(200));
    const url = destination.replace('PORT', String(site.port));
    expect(await checkDestination(url, { timeoutMs: 500 })).toEqual({
      state: 'unchecked',
      reason: 'private_address',
      address,
      range,
      url: new URL(url).href,
    });
    expect(site.seen).toEqual([]);
  });

  it('refuses a name that resolves to a private address, or to a public and a private one', async () => {
    const site = await serve(answer(200));
    const { resolve } = resolverOf({
      'inside.test': ['127.0.0.1'],
      'both.test': ['93.184.215.14', '10.0.0.7'],
    });
    expect(await checkDestination(`http://inside.test:${site.port}/`, { resolve })).toMatchObject({
      state: 'unchecked',
      address: '127.0.0.1',
      range: 'loopback',
    });
    expect(await checkDestination('http://both.test/', { resolve })).toMatchObject({
      state: 'unchecked',
      address: '10.0.0.7',
      range: 'private',
    });
    expect(site.seen).toEqual([]);
  });

  it('vets every redirect: one into the network is refused before it is asked', async () => {
    const inside = await serve(answer(200, { 'x-secret': 'yes' }), '127.0.0.2');
    const site = await serve((request, response) => {
      const targets: Record<string, string> = {
        '/by-name': `http://intranet.test:${inside.port}/admin`,
        '/by-address': `http://127.0.0.2:${inside.port}/admin`,
        '/metadata': 'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      };
      response.writeHead(302, { location: targets[request.url ?? ''] ?? '/' }).end();
    });
    const { resolve, asked } = resolverOf({
      'www.example.test': ['127.0.0.1'],
      'intranet.test': ['127.0.0.2'],
    });
    const options = { resolve, refusedRange: internetOn127 };
    const origin = `http://www.example.test:${site.port}`;
    expect(await checkDestination(`${origin}/by-name`, options)).toEqual({
      state: 'unchecked',
      reason: 'private_address',
      address: '127.0.0.2',
      range: 'loopback',
      url: `http://intranet.test:${inside.port}/admin`,
    });
    expect(asked).toEqual(['www.example.test', 'intranet.test']);
    expect(await checkDestination(`${origin}/by-address`, options)).toMatchObject({
      state: 'unchecked',
      address: '127.0.0.2',
    });
    expect(await checkDestination(`${origin}/metadata`, options)).toMatchObject({
      state: 'unchecked',
      address: '::ffff:a9fe:a9fe',
      range: 'metadata',
    });
    expect(site.seen).toHaveLength(3);
    expect(inside.seen).toEqual([]);

    // The same redirect with private addresses allowed reaches the inside server: the refusal
    // above is the vetting, not a server that was never there.
    const allowed = await checkDestination(`${origin}/by-name`, { resolve, allowPrivate: true });
    expect(allowed).toMatchObject({ state: 'redirected', status: 200 });
    expect(inside.seen).toHaveLength(1);
  });

  it('connects to the address it vetted, even when the name resolves elsewhere a moment later', async () => {
    const inside = await serve(answer(200), '127.0.0.2');
    const site = await serve(answer(200));
    let answers = 0;
    // Public when vetted, private on any later question: DNS rebinding.
    const { resolve, asked } = resolverOf({
      'rebind.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']),
    });
    const state = await checkDestination(`http://rebind.test:${site.port}/`, {
      resolve,
      refusedRange: internetOn127,
    });
    expect(state).toEqual({ state: 'ok', status: 200 });
    expect(asked).toEqual(['rebind.test']);
    expect(site.seen.map(({ headers }) => headers.host)).toEqual([`rebind.test:${site.port}`]);
    expect(inside.seen).toEqual([]);
  });
});
