// fetchLinkRange: a range's buckets read leniently; older services asked for their days instead.
import { describe, expect, it } from 'vitest';
import { compactBucket } from '../../server/clicks/stats-range.ts';
import { createApiClient } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { fetchLinkRange } from './link-range-call.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(reply: (url: URL) => Response) {
  const urls: URL[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.sho.rt',
    apiKey: 'slk_unit_test_key',
    retryDelayMs: 1,
    fetch: async (input, init) => {
      const url = new URL(new Request(input, init).url);
      urls.push(url);
      return reply(url);
    },
  });
  return { client, urls };
}

const DAYS = { from: '2026-11-22', to: '2026-11-28', granularity: 'day', days: 7 } as const;

describe('fetchLinkRange', () => {
  it('asks for the range at the link path and reads its buckets, people and QR scans', async () => {
    const { client, urls } = clientAnswering(() =>
      json({
        success: true,
        stats: {
          granularity: 'day',
          buckets: [
            { start: '2026-11-22T00:00:00Z', humans: 3, bots: 1, visitors: 2, qr_scans: 1 },
            { start: 'soon', humans: 1, bots: 0 },
            { start: '2026-11-23T00:00:00Z', humans: '2', bots: null },
          ],
          days: [],
          visitors: 2,
          qr_scans: 1,
          browsers: [{ name: 'Firefox', clicks: 3 }, { clicks: 1 }],
          systems: 'none',
          referrers: [],
        },
      }),
    );
    const stats = await fetchLinkRange(client, 'https://sho.rt/abc', DAYS);
    expect(urls.map(String)).toEqual([
      'https://api.sho.rt/v1/links/sho.rt/abc/stats?from=2026-11-22&to=2026-11-28&granularity=day',
    ]);
    expect(stats).toMatchObject({
      granularity: 'day',
      buckets: [
        { start: '2026-11-22T00:00:00Z', humans: 3, bots: 1, visitors: 2, qrScans: 1 },
        { start: '2026-11-23T00:00:00Z', humans: 0, bots: 0 },
      ],
      visitors: 2,
      qrScans: 1,
      browsers: [{ name: 'Firefox', clicks: 3 }],
      systems: [],
    });
    // Left out of a bucket of a service that counts them: none.
    expect(stats?.buckets[1]).toMatchObject({ visitors: 0, qrScans: 0 });
  });

  it('reads an answer whose buckets leave their zero counts out as the same answer with them', async () => {
    const full = (counts: { visitors?: number; qr_scans?: number }) => ({
      success: true,
      stats: {
        granularity: 'day',
        buckets: [
          { start: '2026-11-22T00:00:00.000Z', humans: 3, bots: 1, qr_scans: 1, visitors: 2 },
          { start: '2026-11-23T00:00:00.000Z', humans: 0, bots: 2, qr_scans: 0, visitors: 0 },
          { start: '2026-11-24T00:00:00.000Z', humans: 0, bots: 0, qr_scans: 0, visitors: 0 },
        ].map((bucket) => ({
          start: bucket.start,
          humans: bucket.humans,
          bots: bucket.bots,
          ...('qr_scans' in counts ? { qr_scans: bucket.qr_scans } : {}),
          ...('visitors' in counts ? { visitors: bucket.visitors } : {}),
        })),
        days: [],
        ...counts,
        referrers: [],
      },
    });
    for (const counts of [{ visitors: 2, qr_scans: 1 }, { qr_scans: 1 }, {}]) {
      const before = full(counts);
      // As the service sends it now (server/clicks/stats-range.ts).
      const now = {
        ...before,
        stats: {
          ...before.stats,
          buckets: before.stats.buckets.map((bucket) =>
            compactBucket({ qr_scans: 0, visitors: 0, ...bucket }),
          ),
        },
      };
      expect(JSON.stringify(now).length).toBeLessThan(JSON.stringify(before).length);
      const read = async (answer: unknown) =>
        fetchLinkRange(clientAnswering(() => json(answer)).client, 'https://sho.rt/abc', DAYS);
      expect(await read(now)).toEqual(await read(before));
    }
  });

  it('leaves out People and QR scans where the service counts neither', async () => {
    const { client } = clientAnswering(() =>
      json({ success: true, stats: { buckets: [{ start: '2026-11-22', humans: 1, bots: 0 }] } }),
    );
    const stats = await fetchLinkRange(client, 'https://sho.rt/abc', DAYS);
    expect(stats?.visitors).toBeUndefined();
    expect(stats?.qrScans).toBeUndefined();
    expect(stats?.buckets[0]?.visitors).toBeUndefined();
  });

  it('asks a service without buckets for its last days, and shows them as daily buckets', async () => {
    const { client, urls } = clientAnswering(() =>
      json({
        success: true,
        stats: { days: [{ date: '2026-11-28', humans: 4, bots: 1 }], referrers: [] },
      }),
    );
    const stats = await fetchLinkRange(client, 'https://sho.rt/abc', {
      ...DAYS,
      granularity: 'hour',
      days: 1,
    });
    expect(urls.map((url) => url.search)).toEqual([
      '?from=2026-11-22&to=2026-11-28&granularity=hour',
      '?days=1',
    ]);
    expect(stats).toMatchObject({
      granularity: 'day',
      buckets: [{ start: '2026-11-28T00:00:00.000Z', humans: 4, bots: 1 }],
    });
  });

  it('leaves a range before without buckets out, since no last days stand for it', async () => {
    const { client, urls } = clientAnswering(() =>
      json({ success: true, stats: { days: [{ date: '2026-11-21', humans: 4, bots: 1 }] } }),
    );
    const previous = await fetchLinkRange(client, 'https://sho.rt/abc', DAYS, {
      lastDaysToo: false,
    });
    expect(previous).toBeUndefined();
    expect(urls).toHaveLength(1);
  });

  it.each([404, 405])(
    'is undefined when the service answers %i: it has no statistics',
    async (status) => {
      const { client } = clientAnswering(() => json({ message: 'no' }, status));
      expect(await fetchLinkRange(client, 'https://sho.rt/abc', DAYS)).toBeUndefined();
    },
  );

  it('fails as any call does on other errors', async () => {
    const { client } = clientAnswering(() =>
      json({ success: false, code: 'invalid_field', field: 'from', message: 'Bad from.' }, 400),
    );
    const error = await fetchLinkRange(client, 'https://sho.rt/abc', DAYS).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(400);
  });
});
