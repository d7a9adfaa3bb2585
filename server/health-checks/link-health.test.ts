// Link health through the service (issue 35): the checker inside it stores each link's state, the
// answers carry it, the list filters by it, a link is checked now at most once a minute, the
// metrics count the checks, and two instances on one database check each link once. Against
// local servers: the checks are allowed private addresses, except where a test refuses them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DestinationCheckAnswerJson,
  DestinationHealthJson,
} from '../../contract/link-health.ts';
import type { LinkListJson, ServiceLinkJson } from '../../contract/wire.ts';
import { offerOfContractText, offersOperation } from '../../lib/api/service-offer.ts';
import { api, idOf } from '../../test/support/test-api.ts';
import { startTestService } from '../../test/support/test-service.ts';
import { createMetrics } from '../ops/metrics.ts';
import { refusedRangeOf } from './address-ranges.ts';
import type { CheckOptions, Resolver } from './check-destination.ts';
import { healthReport } from './health-report.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local site: each path answers as the test says; counts the requests per path. */
async function site() {
  const asked = new Map<string, number>();
  const huge = { written: 0, closed: false };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    asked.set(path, (asked.get(path) ?? 0) + 1);
    if (path === '/ok' || path.startsWith('/page/')) response.writeHead(200).end('a page');
    else if (path === '/moved') response.writeHead(301, { location: '/ok' }).end();
    else if (path === '/for-now') response.writeHead(302, { location: '/ok' }).end();
    else if (path === '/gone') response.writeHead(404).end('not here');
    else if (path === '/failing') response.writeHead(503).end('down');
    else if (path === '/to-intranet')
      response.writeHead(302, { location: 'http://10.1.2.3/' }).end();
    else if (path === '/slow') request.socket.setTimeout(0);
    else if (path === '/huge' && request.method === 'HEAD') response.writeHead(405).end();
    else if (path === '/huge') {
      // A body that never ends: the checker must stop reading it.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 120);
      const more = () => {
        while (!response.destroyed && huge.written < 64 * 1024 * 1024) {
          huge.written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
      };
      response.once('close', () => {
        huge.closed = true;
      });
      more();
    } else response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, asked, huge };
}

/** Made-up names: `nowhere.test` does not resolve, `intranet.test` is a private address. */
const resolve: Resolver = async (hostname) => {
  if (hostname === 'intranet.test') return [{ address: '10.0.0.5', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

const LOCAL: CheckOptions = { allowPrivate: true, timeoutMs: 500, resolve };

async function service(checkOptions: CheckOptions = LOCAL, more = {}) {
  const running = await startTestService({ checkOptions, ...more });
  cleanups.push(() => running.stop());
  const email = `health-${Math.random().toString(36).slice(2)}@example.com`;
  const key = await running.createAccount(email);
  return { running, key, email, client: api(running.baseUrl, key) };
}

/** The account's links by back-half, as the list answers them. */
async function listed(client: ReturnType<typeof api>, query = '') {
  const { status, body } = await client.send<LinkListJson>('GET', `/v1/links${query}`);
  expect(status).toBe(200);
  return new Map(body.links.map((link) => [link.short_url.split('/').pop(), link]));
}

const health = (link: ServiceLinkJson | undefined) =>
  link && {
    status: link.destination_status,
    code: link.destination_status_code,
    reason: link.destination_reason,
    finalUrl: link.destination_final_url,
    permanent: link.destination_permanent,
  };

const NONE = { code: null, reason: null, finalUrl: null, permanent: null };

describe('the checker inside the service', () => {
  it('stores and answers each state, with its status, reason, final address and time', async () => {
    const { origin, huge } = await site();
    const { running, key, client } = await service();
    await running.insertLinks(key, [
      { backHalf: 'ok', destinationUrl: `${origin}/ok` },
      { backHalf: 'moved', destinationUrl: `${origin}/moved` },
      { backHalf: 'for-now', destinationUrl: `${origin}/for-now` },
      { backHalf: 'gone', destinationUrl: `${origin}/gone` },
      { backHalf: 'failing', destinationUrl: `${origin}/failing` },
      { backHalf: 'refused', destinationUrl: 'http://127.0.0.1:1/' },
      { backHalf: 'no-name', destinationUrl: 'https://nowhere.test/' },
      { backHalf: 'slow', destinationUrl: `${origin}/slow` },
      { backHalf: 'huge', destinationUrl: `${origin}/huge` },
    ]);
    const before = await listed(client);
    expect(health(before.get('ok'))).toEqual({ status: 'unchecked', ...NONE });
    expect(before.get('ok')?.destination_checked_at).toBeNull();

    const checkedAt = running.service.clock.now();
    await running.service.checker.checkDue();
    const links = await listed(client);
    expect(health(links.get('ok'))).toEqual({ status: 'ok', ...NONE, code: 200 });
    expect(Date.parse(links.get('ok')?.destination_checked_at ?? '')).toBeGreaterThanOrEqual(
      checkedAt,
    );
    expect(health(links.get('moved'))).toEqual({
      status: 'redirected',
      code: 200,
      reason: 'permanent',
      finalUrl: `${origin}/ok`,
      permanent: true,
    });
    expect(health(links.get('for-now'))).toMatchObject({ status: 'redirected', permanent: false });
    expect(health(links.get('gone'))).toEqual({ status: 'broken', ...NONE, code: 404 });
    expect(health(links.get('refused'))).toEqual({
      status: 'unreachable',
      ...NONE,
      reason: 'refused',
    });
    expect(health(links.get('no-name'))).toEqual({ status: 'unreachable', ...NONE, reason: 'dns' });
    expect(health(links.get('slow'))).toEqual({
      status: 'unreachable',
      ...NONE,
      reason: 'timeout',
    });
    expect(health(links.get('huge'))).toEqual({ status: 'ok', ...NONE, code: 200 });
    expect(huge.closed).toBe(true);
    expect(huge.written).toBeLessThan(8 * 1024 * 1024);
    // One 5xx is a server's passing trouble: the link stays as it was until the next finds one too.
    expect(health(links.get('failing'))).toEqual({ status: 'unchecked', ...NONE });

    running.advanceClock(3_600_000);
    await running.service.checker.checkDue();
    const later = await listed(client);
    expect(health(later.get('failing'))).toEqual({ status: 'broken', ...NONE, code: 503 });
    // The others are not due again before a day has passed.
    expect(later.get('ok')?.destination_checked_at).toBe(links.get('ok')?.destination_checked_at);

    const { body } = await client.retrieve(idOf(later.get('gone')?.short_url ?? ''));
    expect(body).toMatchObject({ destination_status: 'broken', destination_status_code: 404 });
  });

  it('never asks a private address: by name, or through a redirect, and says why', async () => {
    const { origin, asked } = await site();
    // 127.0.0.1 stands in for the internet; every other private address is refused.
    const options: CheckOptions = {
      ...LOCAL,
      allowPrivate: false,
      refusedRange: (address) => (address === '127.0.0.1' ? undefined : refusedRangeOf(address)),
    };
    const { running, key, client } = await service(options);
    await running.insertLinks(key, [
      { backHalf: 'intranet', destinationUrl: 'http://intranet.test/admin' },
      { backHalf: 'redirect-in', destinationUrl: `${origin}/to-intranet` },
      { backHalf: 'metadata', destinationUrl: 'http://169.254.169.254/latest/meta-data/' },
      { backHalf: 'mapped', destinationUrl: 'http://[::ffff:10.0.0.1]/' },
      { backHalf: 'public', destinationUrl: `${origin}/ok` },
    ]);
    await running.service.checker.checkDue();
    const links = await listed(client);
    for (const backHalf of ['intranet', 'redirect-in', 'metadata', 'mapped']) {
      expect(health(links.get(backHalf)), backHalf).toEqual({
        status: 'unchecked',
        ...NONE,
        reason: 'private_address',
      });
      expect(links.get(backHalf)?.destination_checked_at).not.toBeNull();
    }
    expect(health(links.get('public'))).toMatchObject({ status: 'ok' });
    expect(asked.get('/to-intranet')).toBe(1);
  });

  it('checks links at the pace of the interval, not all at once', async () => {
    const { origin } = await site();
    // 40 links over 40 s: one a second.
    const { running, key } = await service(LOCAL, { checkIntervalMs: 40_000 });
    await running.insertLinks(
      key,
      Array.from({ length: 40 }, (_, i) => ({
        backHalf: `paced${i}`,
        destinationUrl: `${origin}/page/${i}`,
      })),
    );
    await new Promise((done) => setTimeout(done, 3_500));
    const checked = (await running.storedLinks(key)).filter(
      (link) => link.destinationCheckedAt !== null,
    );
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(6);
  });

  it('starts a new destination unchecked, and checks it in its turn', async () => {
    const { origin } = await site();
    const { running, key, client } = await service();
    await running.insertLinks(key, [{ backHalf: 'changing', destinationUrl: `${origin}/gone` }]);
    await running.service.checker.checkDue();
    const id = idOf(`${running.baseUrl}/changing`);
    expect((await client.retrieve(id)).body.destination_status).toBe('broken');
    const { body } = await client.update(id, { destination_url: `${origin}/ok` });
    expect(body).toMatchObject({ destination_status: 'unchecked', destination_checked_at: null });
    await running.service.checker.checkDue();
    expect((await client.retrieve(id)).body.destination_status).toBe('ok');
  });

  it('stops with checks running: it waits up to the shutdown timeout, then stores nothing half-done', async () => {
    const { origin } = await site();
    const stopping = await startTestService({
      checkOptions: { ...LOCAL, timeoutMs: 10_000 },
      shutdownTimeoutMs: 300,
    });
    // Another instance on the same database, which stays up to read what the first left.
    const staying = await startTestService({ dbFile: stopping.dbFile, checkOptions: LOCAL });
    cleanups.push(() => stopping.stop());
    cleanups.push(() => staying.stop());
    const key = await stopping.createAccount('stopping@example.com');
    await stopping.insertLinks(key, [{ backHalf: 'slow', destinationUrl: `${origin}/slow` }]);
    void stopping.service.checker.checkDue();
    while (stopping.service.checker.running() === 0) {
      await new Promise((done) => setTimeout(done, 10));
    }
    const started = Date.now();
    await stopping.service.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    // Nothing stored, and the lease held until it expires: the other instance does not check it
    // while the abandoned request may still be under way.
    await staying.service.checker.checkDue();
    const [link] = await staying.service.store.linksWithStatus('unchecked');
    expect(link).toMatchObject({ backHalf: 'slow', destinationCheckedAt: null });
  });
});

describe('asking for the state', () => {
  it('lists one account’s links in one state, and refuses a state that is none', async () => {
    const { origin } = await site();
    const { running, key, client } = await service();
    const other = await running.createAccount('other-health@example.com');
    await running.insertLinks(key, [
      { backHalf: 'fine', destinationUrl: `${origin}/ok` },
      { backHalf: 'dead1', destinationUrl: `${origin}/gone` },
      { backHalf: 'dead2', destinationUrl: `${origin}/gone` },
    ]);
    await running.insertLinks(other, [{ backHalf: 'theirs', destinationUrl: `${origin}/gone` }]);
    await running.service.checker.checkDue();
    expect([...(await listed(client, '?destination_status=broken')).keys()]).toEqual([
      'dead2',
      'dead1',
    ]);
    expect([...(await listed(client, '?destination_status=ok')).keys()]).toEqual(['fine']);
    expect((await listed(client, '?destination_status=unreachable')).size).toBe(0);
    const refused = await client.send<{ code: string; message: string; field: string }>(
      'GET',
      '/v1/links?destination_status=dead',
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_field',
      field: 'destination_status',
      message:
        'destination_status must be one of ok, redirected, broken, unreachable, unchecked, not "dead".',
    });
  });

  it('checks one link now, at most once a minute, and says when to ask again', async () => {
    const { origin } = await site();
    const { running, key, client } = await service();
    await running.insertLinks(key, [{ backHalf: 'now', destinationUrl: `${origin}/gone` }]);
    const path = `/v1/links/${idOf(`${running.baseUrl}/now`)}/check`;
    const first = await client.send<DestinationCheckAnswerJson>('POST', path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      short_url: `${running.baseUrl}/now`,
      destination_status: 'broken',
      destination_status_code: 404,
    });
    const again = await client.send<{ code: string; message: string }>('POST', path);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(again.body.code).toBe('checked_recently');
    expect(again.body.message).toMatch(
      /^This link's destination was checked less than a minute ago/,
    );
    running.advanceClock(61_000);
    expect((await client.send('POST', path)).status).toBe(200);
    // The slash as %2F, and a link the account does not have.
    running.advanceClock(61_000);
    const encoded = `/v1/links/${encodeURIComponent(idOf(`${running.baseUrl}/now`))}/check`;
    expect((await client.send('POST', encoded)).status).toBe(200);
    const missing = await client.send('POST', `/v1/links/${idOf(`${running.baseUrl}/nope`)}/check`);
    expect(missing.status).toBe(404);
  });

  it('asks to come back in seconds, not the lease’s minutes, while the scheduled check runs', async () => {
    const { origin } = await site();
    const { running, key, client } = await service({ ...LOCAL, timeoutMs: 2_000 });
    await running.insertLinks(key, [{ backHalf: 'busy', destinationUrl: `${origin}/slow` }]);
    const scheduled = running.service.checker.checkDue();
    while (running.service.checker.running() === 0) {
      await new Promise((done) => setTimeout(done, 10));
    }
    const path = `/v1/links/${idOf(`${running.baseUrl}/busy`)}/check`;
    const refused = await client.send<{ code: string; message: string }>('POST', path);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('checked_recently');
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(refused.body.message).toMatch(/or is being checked now: ask again in \d+ s\.$/);
    await scheduled;
  });

  it('counts checks by outcome in the metrics, and reports counts and broken links', async () => {
    const { origin } = await site();
    const metrics = createMetrics();
    const { running, key, email } = await service(LOCAL, { metrics });
    await running.insertLinks(key, [
      { backHalf: 'a', destinationUrl: `${origin}/ok` },
      { backHalf: 'b', destinationUrl: `${origin}/gone` },
      { backHalf: 'c', destinationUrl: `${origin}/failing` },
    ]);
    await running.service.checker.checkDue();
    const text = await metrics.registry.metrics();
    expect(text).toContain('shortlink_destination_checks_total{outcome="ok"} 1');
    expect(text).toContain('shortlink_destination_checks_total{outcome="broken"} 1');
    expect(text).toContain('shortlink_destination_checks_total{outcome="server_error"} 1');
    expect(text).toContain('shortlink_destination_checks_total{outcome="unreachable"} 0');

    const owner = await running.service.store.accountByEmail(email);
    const report = await healthReport(
      running.service.store,
      { shortUrl: (_domain, backHalf) => `${running.baseUrl}/${backHalf}` },
      owner && { id: owner.id, email },
    );
    // The checker's pace counts every account's links; the report, the account's.
    const other = await running.createAccount('other@example.com');
    await running.insertLinks(other, [{ backHalf: 'd', destinationUrl: `${origin}/ok` }]);
    expect(await running.service.store.linkCount()).toBe(4);
    expect(report.split('\n')).toEqual([
      `Destinations of 3 links (${email}):`,
      '  ok 1, redirected 0, broken 1, unreachable 0, unchecked 1',
      'Broken:',
      expect.stringMatching(
        new RegExp(`^  ${running.baseUrl}/b -> ${origin}/gone: 404, checked \\d{4}-.+Z$`),
      ),
    ]);
  });
});

describe('the published contract', () => {
  it('offers the check operation, the filter and every health field to the extension', async () => {
    const { running } = await service();
    const text = await (await fetch(`${running.baseUrl}/v1/openapi.json`)).text();
    const offer = offerOfContractText(text);
    expect(offersOperation(offer, 'checkLink')).toBe(true);
    for (const field of Object.keys(DestinationHealthJson)) {
      expect(offer.linkFields.answer.has(field), field).toBe(true);
    }
    const document = JSON.parse(text);
    expect(document.paths['/v1/links'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'destination_status', in: 'query' }),
    );
  });
});

describe('two instances on one database', () => {
  it('check each link once between them', async () => {
    const { origin, asked } = await site();
    const first = await startTestService({ checkOptions: LOCAL });
    const second = await startTestService({ dbFile: first.dbFile, checkOptions: LOCAL });
    cleanups.push(() => first.stop());
    cleanups.push(() => second.stop());
    const key = await first.createAccount('two-instances@example.com');
    const LINKS = 120;
    await first.insertLinks(
      key,
      Array.from({ length: LINKS }, (_, i) => ({
        backHalf: `shared${i}`,
        destinationUrl: `${origin}/page/${i}`,
      })),
    );
    await Promise.all([first.service.checker.checkDue(), second.service.checker.checkDue()]);
    const links = await first.storedLinks(key);
    expect(links.filter((link) => link.destinationStatus === 'ok')).toHaveLength(LINKS);
    const timesAsked = Array.from({ length: LINKS }, (_, i) => asked.get(`/page/${i}`));
    expect(timesAsked).toEqual(Array.from({ length: LINKS }, () => 1));
  });
});
