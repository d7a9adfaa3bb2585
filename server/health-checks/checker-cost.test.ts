// What the checker costs the redirects (issue 35): its results are written a few links per storage
// call with the event loop free between calls, and a busy service gets only a few checks a second.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../shared/clock.ts';
import type { CheckClaim, CheckRecord } from '../storage/destination-health.ts';
import { emptyCounts } from '../storage/destination-health.ts';
import type { Storage } from '../storage/storage.ts';
import { RECORDS_PER_WRITE } from './check-writes.ts';
import {
  CLAIMED_WHILE_BUSY,
  createDestinationChecker,
  type DestinationChecker,
} from './destination-checker.ts';

/** Nothing listens on port 1: each check is refused at once, without a site to stand up. */
const claimOf = (id: number): CheckClaim => ({
  id,
  destinationUrl: `http://127.0.0.1:1/page/${id}`,
  serverErrorsInRow: 0,
});

/** A storage holding `links` due links, logging its calls and each turn of the event loop. */
function fakeStore(links: number) {
  let next = 0;
  const log: string[] = [];
  const claimLimits: number[] = [];
  const writes: number[] = [];
  const perState = vi.fn(async () => ({ ...emptyCounts(), unchecked: links }));
  const store = {
    linkCount: async () => links,
    destinationCounts: perState,
    claimDueChecks: async (_now: number, limit: number) => {
      claimLimits.push(limit);
      const count = Math.min(limit, links - next);
      const claims = Array.from({ length: count }, (_, i) => claimOf(next + i));
      next += count;
      return claims;
    },
    recordCheck: async () => {
      log.push('write');
      writes.push(1);
      return true;
    },
    recordChecks: async (checks: { claim: CheckClaim; record: CheckRecord }[]) => {
      log.push('write');
      writes.push(checks.length);
      setImmediate(() => log.push('turn'));
      return checks.map(() => true);
    },
  };
  return { store: store as unknown as Storage, log, claimLimits, writes, perState };
}

let checker: DestinationChecker | undefined;
afterEach(async () => {
  await checker?.stop(1_000);
  checker = undefined;
});

const quietLogger = { info: () => {}, error: () => {} };

/** A checker of the fake store's links, once a minute, its checks refused at once. */
const checkerOn = (store: Storage) =>
  createDestinationChecker({
    store,
    clock: systemClock,
    logger: quietLogger,
    intervalMs: 60_000,
    checkOptions: { allowPrivate: true, timeoutMs: 2_000 },
  });

describe("the checker's cost to the redirects", () => {
  it('writes its results a few links per storage call, with the event loop free between calls', async () => {
    const links = 100;
    const fake = fakeStore(links);
    checker = checkerOn(fake.store);
    await checker.checkDue();

    expect(fake.writes.reduce((sum, count) => sum + count, 0)).toBe(links);
    expect(Math.max(...fake.writes)).toBeLessThanOrEqual(RECORDS_PER_WRITE);
    // Not one write per link: the results wait a moment for company.
    expect(fake.writes.length).toBeLessThanOrEqual(Math.ceil(links / RECORDS_PER_WRITE) * 2);
    const writesInARow = fake.log.join(' ').includes('write write');
    expect(writesInARow, `storage calls and loop turns: ${fake.log.join(' ')}`).toBe(false);
  });

  it('paces itself by the number of links alone, never reading every link for the counts per state', async () => {
    const links = 30;
    const fake = fakeStore(links);
    checker = checkerOn(fake.store);
    await checker.checkDue();
    expect(fake.writes.reduce((sum, count) => sum + count, 0)).toBe(links);
    expect(fake.perState).not.toHaveBeenCalled();
  });

  it('starts only a few checks a second while the event loop is busy, and more when it is not', async () => {
    const fake = fakeStore(1_000_000);
    checker = checkerOn(fake.store);
    checker.start();
    // The service busy with requests for most of the checker's first second.
    const busyUntil = performance.now() + 850;
    while (performance.now() < busyUntil) {
      // working
    }
    while (fake.claimLimits.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.claimLimits[0]).toBeLessThanOrEqual(CLAIMED_WHILE_BUSY);

    // Quiet seconds after it (a loaded machine may stretch the first): as many as its requests can
    // take again.
    await vi.waitFor(
      () => expect(Math.max(...fake.claimLimits)).toBeGreaterThan(CLAIMED_WHILE_BUSY),
      { timeout: 5_000, interval: 50 },
    );
  });
});
