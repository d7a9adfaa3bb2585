// getLinkStats: our service's /stats read leniently; a service without it means no statistics.
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { isApiError } from './errors.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(reply: () => Response) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.sho.rt',
    apiKey: 'slk_unit_test_key',
    retryDelayMs: 1,
    fetch: async (input, init) => {
      urls.push(new Request(input, init).url);
      return reply();
    },
  });
  return { client, urls };
}

describe('getLinkStats', () => {
  it('asks for the days at the link path and reads what it can, leaving out broken entries', async () => {
    const { client, urls } = clientAnswering(() =>
      json({
        success: true,
        stats: {
          humans: 3,
          days: [
            { date: '2026-11-25', humans: 1, bots: 0 },
            { date: 'yesterday', humans: 1 },
            { date: '2026-11-26', humans: '2', bots: null, extra: true },
          ],
          referrers: [{ host: 'news.example', clicks: 2 }, { host: null, clicks: 1 }, 'junk'],
          devices: 'none',
        },
      }),
    );
    const stats = await client.getLinkStats('https://sho.rt/abc', 7);
    expect(urls).toEqual(['https://api.sho.rt/v1/links/sho.rt/abc/stats?days=7']);
    expect(stats).toEqual({
      days: [
        { date: '2026-11-25', humans: 1, bots: 0 },
        { date: '2026-11-26', humans: 2, bots: 0 },
      ],
      referrers: [
        { host: 'news.example', kind: 'host', clicks: 2 },
        { host: null, kind: 'direct', clicks: 1 },
      ],
      devices: [],
      countries: [],
    });
  });

  it('reads the referrer groups by their kind, and a kind it does not know as the others', async () => {
    const { client } = clientAnswering(() =>
      json({
        success: true,
        stats: {
          days: [],
          referrers: [
            { host: 'news.example', kind: 'host', clicks: 5 },
            { host: null, kind: 'ip_address', clicks: 4 },
            { host: null, kind: 'direct', clicks: 3 },
            { host: null, kind: 'robots', clicks: 2 },
            { host: null, kind: 'other', clicks: 1 },
          ],
        },
      }),
    );
    expect((await client.getLinkStats('https://sho.rt/abc', 7))?.referrers).toEqual([
      { host: 'news.example', kind: 'host', clicks: 5 },
      { host: null, kind: 'ip_address', clicks: 4 },
      { host: null, kind: 'direct', clicks: 3 },
      { host: null, kind: 'other', clicks: 2 },
      { host: null, kind: 'other', clicks: 1 },
    ]);
  });

  it.each([404, 405])('says there are none when the service answers %i', async (status) => {
    const { client } = clientAnswering(() =>
      json({ success: false, code: 'not_found', message: 'Not found.' }, status),
    );
    expect(await client.getLinkStats('https://sho.rt/abc', 30)).toBeUndefined();
  });

  it('fails as any call does on other errors', async () => {
    const { client } = clientAnswering(() =>
      json({ success: false, code: 'unauthorized', message: 'No.' }, 401),
    );
    const error = await client.getLinkStats('https://sho.rt/abc', 30).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('unauthorized');
  });
});
