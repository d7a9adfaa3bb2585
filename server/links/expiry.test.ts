// Links that end: `expires_at`, `max_clicks` and `expired_url` on create and update, in every
// answer, and what a redirect does once the link has ended (the service's clock, never a sleep).
import { describe, expect, it, vi } from 'vitest';
import {
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
  serviceWithAccount,
} from '../../test/support/test-helpers.ts';

const HOUR_MS = 3_600_000;

const file = serviceWithAccount('expiry@example.com');

const { fromNow } = file;

async function newLink(body: Record<string, unknown> = {}) {
  const answer = await file.client.create({ destination_url: 'https://example.com/live', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const visit = (shortUrl: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(file.t.baseUrl, `/${backHalfOf(shortUrl)}`, { headers, method });

const expiredVisitsOf = async (shortUrl: string) =>
  (
    await file.client.send<{ stats: { expired_visits: number } }>(
      'GET',
      `/v1/links/${idOf(shortUrl)}/stats`,
    )
  ).body.stats.expired_visits;

describe('the end fields', () => {
  it('are taken on create and carried by create, retrieve, list and update answers', async () => {
    const expiresAt = file.t.service.clock.now() + 2 * HOUR_MS;
    // An offset other than Z names the same instant; answers give it in UTC with milliseconds.
    const offset = new Date(expiresAt + 2 * HOUR_MS).toISOString().replace('Z', '+02:00');
    const link = await newLink({
      expires_at: offset,
      max_clicks: 1_000_000_000,
      expired_url: 'https://Example.com/ended page',
    });
    const end = {
      expires_at: new Date(expiresAt).toISOString(),
      max_clicks: 1_000_000_000,
      expired_url: 'https://example.com/ended%20page',
    };
    expect(link).toMatchObject(end);
    expect((await file.client.retrieve(idOf(link.short_url))).body).toMatchObject(end);
    const listed = (await file.client.list()).body.links.find(
      (l) => l.short_url === link.short_url,
    );
    expect(listed).toMatchObject(end);
    const updated = await file.client.update(idOf(link.short_url), { title: 'Kept' });
    expect(updated.body).toMatchObject({ ...end, title: 'Kept' });
  });

  it('are null when unset, and a click limit of 1 is taken', async () => {
    expect(await newLink()).toMatchObject({
      expires_at: null,
      max_clicks: null,
      expired_url: null,
    });
    expect(await newLink({ max_clicks: 1, expires_at: null })).toMatchObject({ max_clicks: 1 });
  });

  const badValues: [string, Record<string, unknown>, string][] = [
    ['an expiry in the past', { expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    ['an expiry that is no date', { expires_at: 'tomorrow' }, 'expires_at'],
    ['an expiry without a time', { expires_at: '2099-01-01' }, 'expires_at'],
    ['an expiry as a number', { expires_at: 4_102_444_800_000 }, 'expires_at'],
    ['a click limit of 0', { max_clicks: 0 }, 'max_clicks'],
    ['a negative click limit', { max_clicks: -3 }, 'max_clicks'],
    ['a click limit that is not whole', { max_clicks: 1.5 }, 'max_clicks'],
    ['a click limit as text', { max_clicks: '3' }, 'max_clicks'],
    ['a click limit over a billion', { max_clicks: 1_000_000_001 }, 'max_clicks'],
    ['an address after expiry that is no web address', { expired_url: 'ended' }, 'expired_url'],
    ['an address after expiry not http(s)', { expired_url: 'ftp://example.com/' }, 'expired_url'],
    [
      'an address after expiry with credentials',
      { expired_url: 'https://user:secret@example.com/' },
      'expired_url',
    ],
  ];

  it.each(badValues)('refuses %s on create, making nothing', async (_, fields, field) => {
    const before = (await file.t.storedLinks(file.key)).length;
    const answer = await file.client.create({
      destination_url: 'https://example.com/x',
      ...fields,
    });
    expectProblem(answer, 400, 'invalid_field', field);
    expect((await file.t.storedLinks(file.key)).length).toBe(before);
  });

  it.each(badValues)('refuses %s on update, changing nothing', async (_, fields, field) => {
    const link = await newLink({ max_clicks: 5, expired_url: 'https://example.com/after' });
    const answer = await file.client.update(idOf(link.short_url), { title: 'Changed', ...fields });
    expectProblem(answer, 400, 'invalid_field', field);
    expect((await file.client.retrieve(idOf(link.short_url))).body).toMatchObject({
      title: '',
      max_clicks: 5,
      expired_url: 'https://example.com/after',
      expires_at: null,
    });
  });

  it('refuses an address after expiry that is a short link of this service (a loop)', async () => {
    const loop = await newLink();
    const answer = await file.client.create({
      destination_url: 'https://example.com/x',
      expired_url: loop.short_url,
    });
    expect(expectProblem(answer, 400, 'invalid_field', 'expired_url').message).toMatch(
      /^The address after expiry is a short link of this service/,
    );
  });

  it('refuses an expiry already past by the service clock, though ahead of the real time', async () => {
    const link = await newLink();
    const soon = new Date(Date.now() + HOUR_MS).toISOString();
    file.t.advanceClock(2 * HOUR_MS);
    const answer = await file.client.update(idOf(link.short_url), { expires_at: soon });
    expect(expectProblem(answer, 400, 'invalid_field', 'expires_at').message).toBe(
      'The expiry must be in the future.',
    );
  });

  it('take an update of the end fields alone', async () => {
    const link = await newLink();
    const answer = await file.client.update(idOf(link.short_url), { max_clicks: 10 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ max_clicks: 10, expires_at: null });
  });
});

describe('a link past its expiry', () => {
  it('answers 410 "This link has expired" without counting a click, and counts the visit apart', async () => {
    const link = await newLink({ expires_at: fromNow(HOUR_MS) });
    expect((await visit(link.short_url)).status).toBe(302);
    file.t.advanceClock(HOUR_MS);

    const answer = await visit(link.short_url);
    expect(answer.status).toBe(410);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<h1>This link has expired</h1>');
    expect(answer.body).toContain('<html lang="en">');
    const head = await visit(link.short_url, {}, 'HEAD');
    expect(head.status).toBe(410);
    expect(head.body).toBe('');

    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(1);
    expect(await expiredVisitsOf(link.short_url)).toBe(1);
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de', 'Dieser Link ist abgelaufen'],
    ['ar', 'ar" dir="rtl', 'انتهت صلاحية هذا الرابط'],
    ['fr;q=0.5, ja', 'ja', 'このリンクは有効期限が切れています'],
    ['pt', 'pt-BR', 'Este link expirou'],
    ['zh-TW, es;q=0.1', 'zh-CN', '此链接已过期'],
    ['nl, *', 'en', 'This link has expired'],
  ])('says it in the visitor language (Accept-Language %s)', async (accept, lang, sentence) => {
    const link = await newLink({ expires_at: fromNow(60_000) });
    file.t.advanceClock(60_000);
    const answer = await visit(link.short_url, { 'accept-language': accept });
    expect(answer.status).toBe(410);
    expect(answer.body).toContain(`<html lang="${lang}">`);
    expect(answer.body).toContain(`<h1>${sentence}</h1>`);
  });

  it('answers 302 to the address after expiry when it has one', async () => {
    const link = await newLink({
      expires_at: fromNow(60_000),
      expired_url: 'https://example.com/offer-ended',
    });
    file.t.advanceClock(60_000);
    const answer = await visit(link.short_url);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/offer-ended');
    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(0);
    expect(await expiredVisitsOf(link.short_url)).toBe(1);
  });

  it('leads to its destination again once an update extends or clears the expiry', async () => {
    const link = await newLink({ expires_at: fromNow(60_000) });
    const id = idOf(link.short_url);
    file.t.advanceClock(60_000);
    expect((await visit(link.short_url)).status).toBe(410);

    const extended = await file.client.update(id, { expires_at: fromNow(HOUR_MS) });
    expect(extended.status).toBe(200);
    expect((await visit(link.short_url)).headers.location).toBe('https://example.com/live');
    file.t.advanceClock(HOUR_MS);
    expect((await visit(link.short_url)).status).toBe(410);

    const cleared = await file.client.update(id, { expires_at: null });
    expect(cleared.body.expires_at).toBeNull();
    expect((await visit(link.short_url)).status).toBe(302);
    expect((await file.client.retrieve(id)).body.clicks).toBe(2);
    expect(await expiredVisitsOf(link.short_url)).toBe(2);
  });
});

describe('a link with a click limit', () => {
  it('leads to its destination exactly max_clicks times, then to the address after', async () => {
    const link = await newLink({ max_clicks: 3, expired_url: 'https://example.com/sold-out' });
    const locations = [];
    for (let i = 0; i < 5; i++) locations.push((await visit(link.short_url)).headers.location);
    expect(locations).toEqual([
      ...Array(3).fill('https://example.com/live'),
      ...Array(2).fill('https://example.com/sold-out'),
    ]);
    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(3);
    expect(await expiredVisitsOf(link.short_url)).toBe(2);
  });

  it('holds exactly across click writes and the link read again', async () => {
    const link = await newLink({ max_clicks: 3 });
    const id = idOf(link.short_url);
    await visit(link.short_url);
    await visit(link.short_url);
    // The two clicks written to the database, then the link dropped from memory and read again.
    await vi.waitFor(async () => {
      const stored = (await file.t.storedLinks(file.key)).find(
        (row) => row.backHalf === backHalfOf(id),
      );
      expect(stored?.clicks).toBe(2);
    });
    await file.client.update(id, { title: 'Read again' });
    expect((await visit(link.short_url)).status).toBe(302);
    const fourth = await visit(link.short_url);
    expect(fourth.status).toBe(410);
    expect(fourth.headers['cache-control']).toBe('no-store');
    expect((await file.client.retrieve(id)).body.clicks).toBe(3);
    expect(await expiredVisitsOf(link.short_url)).toBe(1);
  });

  it('counts nothing for HEAD, and ends at once when an update lowers the limit to the clicks', async () => {
    const link = await newLink({ max_clicks: 10 });
    const id = idOf(link.short_url);
    await visit(link.short_url, {}, 'HEAD');
    await visit(link.short_url);
    await visit(link.short_url);
    await file.client.update(id, { max_clicks: 2 });
    expect((await visit(link.short_url)).status).toBe(410);
    await file.client.update(id, { max_clicks: null });
    expect((await visit(link.short_url)).status).toBe(302);
    expect((await file.client.retrieve(id)).body.clicks).toBe(3);
  });
});
