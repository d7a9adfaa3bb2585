// `links delete-expired`: the links that have ended deleted a batch per transaction, counted, and
// with --before only those ended before it (the service's clock, never a sleep).
import { describe, expect, it, vi } from 'vitest';
import { backHalfOf, rawRequest, serviceWithAccount } from '../../test/support/test-helpers.ts';
import { deleteExpiredLinks, deleteExpiredSummary, parseBefore } from './delete-expired.ts';

const HOUR_MS = 3_600_000;
const file = serviceWithAccount('sweep@example.com');

const { fromNow } = file;

async function newLink(body: Record<string, unknown>) {
  const answer = await file.client.create({ destination_url: 'https://example.com/x', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.short_url;
}

const stored = async () =>
  new Set((await file.t.storedLinks(file.key)).map((link) => link.backHalf));
const run = (options: { before?: number; dryRun?: boolean; batchSize?: number } = {}) =>
  deleteExpiredLinks(file.t.service.store, { now: file.t.service.clock.now(), ...options });

describe('links delete-expired', () => {
  it('deletes links past their expiry and those at their click limit, in batches, and counts them', async () => {
    const expired = await Promise.all(
      [1, 2, 3, 4, 5].map(() => newLink({ expires_at: fromNow(HOUR_MS) })),
    );
    const soldOut = await newLink({ max_clicks: 1 });
    const live = [
      await newLink({ expires_at: fromNow(1_000 * HOUR_MS) }),
      await newLink({ max_clicks: 1_000 }),
      await newLink({}),
    ];
    await rawRequest(file.t.baseUrl, `/${backHalfOf(soldOut)}`);
    await rawRequest(file.t.baseUrl, `/${backHalfOf(live[1] as string)}`);
    // The click that reached the limit is in the database, where the command looks.
    await vi.waitFor(async () => {
      const row = (await file.t.storedLinks(file.key)).find(
        (link) => link.backHalf === backHalfOf(soldOut),
      );
      expect(row?.clicks).toBe(1);
    });
    file.t.advanceClock(HOUR_MS);

    expect(await run({ dryRun: true })).toEqual({ count: 6, keptByClickLimit: 0 });
    expect((await stored()).size).toBe(9);
    // Two a transaction: four batches, the last one short.
    expect(await run({ batchSize: 2 })).toEqual({ count: 6, keptByClickLimit: 0 });
    const left = await stored();
    expect([...left].sort()).toEqual(live.map(backHalfOf).sort());
    // Never visited, so in no instance's memory: gone at once. (One in memory goes on answering
    // as ended until the instance hears of the deletion: PostgreSQL's instances do at once.)
    for (const shortUrl of expired) {
      expect((await rawRequest(file.t.baseUrl, `/${backHalfOf(shortUrl)}`)).status).toBe(404);
    }
    expect(await run()).toEqual({ count: 0, keptByClickLimit: 0 });
  });

  it('with --before, deletes only the links whose expiry came before it, keeping those ended by clicks', async () => {
    const early = await newLink({ expires_at: fromNow(HOUR_MS) });
    const late = await newLink({ expires_at: fromNow(5 * HOUR_MS) });
    const soldOut = await newLink({ max_clicks: 1 });
    await rawRequest(file.t.baseUrl, `/${backHalfOf(soldOut)}`);
    await vi.waitFor(async () => {
      const row = (await file.t.storedLinks(file.key)).find(
        (link) => link.backHalf === backHalfOf(soldOut),
      );
      expect(row?.clicks).toBe(1);
    });
    const between = file.t.service.clock.now() + 2 * HOUR_MS;
    file.t.advanceClock(6 * HOUR_MS);

    const result = await run({ before: between });
    expect(result).toEqual({ count: 1, keptByClickLimit: 1 });
    expect(deleteExpiredSummary(result, { beforeText: '2026-01-31' })).toBe(
      'Deleted 1 link that ended before 2026-01-31. Kept 1 link ended by its click limit, which records no time of ending: run without --before to delete it.',
    );
    const left = await stored();
    expect(left.has(backHalfOf(early))).toBe(false);
    expect(left.has(backHalfOf(late))).toBe(true);
    expect(left.has(backHalfOf(soldOut))).toBe(true);
    // A date still to come: every link ended by now ended before it.
    expect(await run({ before: file.t.service.clock.now() + HOUR_MS, dryRun: true })).toEqual({
      count: 2,
      keptByClickLimit: 0,
    });
    expect(deleteExpiredSummary({ count: 2, keptByClickLimit: 0 }, { dryRun: true })).toBe(
      'Would delete 2 links that have ended (expiry passed or click limit reached); nothing was deleted (--dry-run).',
    );
  });
});

describe('--before', () => {
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T23:30:00-05:00', '2026-02-01T04:30:00.000Z'],
    ['2026-01-31T12:00Z', '2026-01-31T12:00:00.000Z'],
  ])('reads %s', (typed, instant) => {
    expect(new Date(parseBefore(typed)).toISOString()).toBe(instant);
  });

  it.each(['yesterday', '1', '2026-02-30', '2026-13-01', '2026-01-31T12:00:00', ''])(
    'refuses %j in one sentence',
    (typed) => {
      expect(() => parseBefore(typed)).toThrow(
        `--before must be a date such as 2026-01-31 or an instant with its offset such as 2026-01-31T12:00:00Z, not "${typed}".`,
      );
    },
  );
});
