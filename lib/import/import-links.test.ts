import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import type { CreateLinkInput, Link } from '../api/schemas.ts';
import { MAX_RATE_LIMIT_WAIT_MS, MAX_RATE_LIMIT_WAITS } from '../bulk/pool.ts';
import {
  doneCount,
  type ImportJob,
  newImportJob,
  retryFailed,
  runImportJob,
} from './import-links.ts';

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    destinationUrl: `https://example.com/${i}`,
    backHalf: `b${i}`,
    title: '',
  }));

/** A service in memory: links by back-half, and what it was sent. */
function fakeService() {
  const links = new Map<string, Link>();
  const sent: CreateLinkInput[] = [];
  const make = (input: CreateLinkInput): Link => {
    const backHalf = input.backHalf ?? `gen${links.size}`;
    const link = {
      shortUrl: `https://sho.rt/${backHalf}`,
      destinationUrl: input.destinationUrl,
      title: input.title ?? '',
      clicks: 0,
      createdAt: '2026-11-26T10:00:00Z',
    } as Link;
    links.set(backHalf, link);
    return link;
  };
  return {
    links,
    sent,
    make,
    findLink: async (row: { backHalf?: string; destinationUrl: string }) =>
      row.backHalf
        ? links.get(row.backHalf)
        : [...links.values()].find((link) => link.destinationUrl === row.destinationUrl),
  };
}

const noSleep = async () => {};

/** The job's options but its createLink: one row at a time, each wait recorded in `waits`. */
const oneAtATime = (service: ReturnType<typeof fakeService>, waits: number[]) => ({
  findLink: service.findLink,
  onChange() {},
  isPaused: () => false,
  concurrency: 1,
  sleep: async (ms: number) => {
    waits.push(ms);
  },
});

describe('the import in the background', () => {
  it('creates every row, a few at a time, and records each short URL', async () => {
    const service = fakeService();
    let inFlight = 0;
    let most = 0;
    const job = await runImportJob(newImportJob('a', rows(10), false), {
      async createLink(input) {
        service.sent.push(input);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return service.make(input);
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => false,
    });
    expect(job.state).toBe('done');
    expect(doneCount(job)).toBe(10);
    expect(job.rows[3]).toMatchObject({ outcome: 'created', shortUrl: 'https://sho.rt/b3' });
    expect(most).toBe(4);
  });

  it.each([7, MAX_RATE_LIMIT_WAIT_MS / 1000])(
    'waits out a 429 of %s s for its Retry-After and sends the row again',
    async (retryAfterSeconds) => {
      const service = fakeService();
      const waits: number[] = [];
      let refusals = 1;
      const job = await runImportJob(newImportJob('a', rows(3), false), {
        async createLink(input) {
          if (refusals-- > 0)
            throw new ApiError('rate_limited', 'Too many requests.', { retryAfterSeconds });
          return service.make(input);
        },
        ...oneAtATime(service, waits),
      });
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(retryAfterSeconds * 1000 - 1_000);
      expect(waits[0]).toBeLessThanOrEqual(retryAfterSeconds * 1000);
      expect(job.rows.map((row) => row.outcome)).toEqual(['created', 'created', 'created']);
      expect(job.waitUntil).toBeUndefined();
    },
  );

  it('fails the refused row and the rows after it unsent, with the 429’s words, when its Retry-After is over a minute', async () => {
    const service = fakeService();
    const longWait = new ApiError('rate_limited', 'Too many requests. Wait an hour.', {
      retryAfterSeconds: MAX_RATE_LIMIT_WAIT_MS / 1000 + 1,
    });
    const waits: number[] = [];
    const job = await runImportJob(newImportJob('a', rows(3), false), {
      async createLink(input) {
        service.sent.push(input);
        throw longWait;
      },
      ...oneAtATime(service, waits),
    });
    expect(service.sent.map((input) => input.backHalf)).toEqual(['b0']);
    expect(waits).toEqual([]);
    expect(job.state).toBe('done');
    expect(job.waitUntil).toBeUndefined();
    expect(
      job.rows.map(({ outcome, reason, uncertain }) => ({ outcome, reason, uncertain })),
    ).toEqual(
      rows(3).map(() => ({
        outcome: 'failed',
        reason: 'Too many requests. Wait an hour.',
        uncertain: undefined,
      })),
    );

    const again = await runImportJob(retryFailed(job), {
      async createLink(input) {
        service.sent.push(input);
        return service.make(input);
      },
      ...oneAtATime(service, waits),
    });
    expect(again.state).toBe('done');
    expect(again.rows.map((row) => [row.outcome, row.shortUrl])).toEqual([
      ['created', 'https://sho.rt/b0'],
      ['created', 'https://sho.rt/b1'],
      ['created', 'https://sho.rt/b2'],
    ]);
    expect(service.sent.map((input) => input.backHalf)).toEqual(['b0', 'b0', 'b1', 'b2']);
    expect(waits).toEqual([]);
  });

  it(`fails a row refused by a 429 ${MAX_RATE_LIMIT_WAITS + 1} times, each waited out, and goes on with the next`, async () => {
    const service = fakeService();
    const refusal = new ApiError('rate_limited', 'Too many requests.', { retryAfterSeconds: 2 });
    const waits: number[] = [];
    const job = await runImportJob(newImportJob('a', rows(2), false), {
      async createLink(input) {
        service.sent.push(input);
        if (input.backHalf === 'b0') throw refusal;
        return service.make(input);
      },
      ...oneAtATime(service, waits),
    });
    expect(service.sent.map((input) => input.backHalf)).toEqual([
      ...Array.from({ length: MAX_RATE_LIMIT_WAITS + 1 }, () => 'b0'),
      'b1',
    ]);
    expect(waits).toHaveLength(MAX_RATE_LIMIT_WAITS);
    expect(job.state).toBe('done');
    expect(job.rows[0]).toMatchObject({ outcome: 'failed', reason: 'Too many requests.' });
    expect(job.rows[0]?.uncertain).toBeUndefined();
    expect(job.rows[1]).toMatchObject({ outcome: 'created', shortUrl: 'https://sho.rt/b1' });
  });

  it('looks a lost answer up before sending again, so nothing is made twice', async () => {
    const service = fakeService();
    let lose = true;
    let creates = 0;
    const job = await runImportJob(newImportJob('a', rows(1), false), {
      async createLink(input) {
        creates++;
        const link = service.make(input);
        if (lose) {
          lose = false;
          throw new ApiError('network', 'The connection was lost.');
        }
        return link;
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => false,
      sleep: noSleep,
    });
    expect(creates).toBe(1);
    expect(job.rows[0]).toMatchObject({ outcome: 'created', shortUrl: 'https://sho.rt/b0' });
  });

  it('skips a taken back-half, or gives the row a generated one when asked', async () => {
    for (const generate of [false, true]) {
      const service = fakeService();
      const job = await runImportJob(newImportJob('a', rows(1), generate), {
        async createLink(input) {
          if (input.backHalf)
            throw new ApiError('back_half_taken', 'The back-half "b0" is already taken.');
          return service.make(input);
        },
        findLink: service.findLink,
        onChange() {},
        isPaused: () => false,
      });
      expect(job.rows[0]?.outcome).toBe(generate ? 'created' : 'back_half_taken');
    }
  });

  it('a row whose link an earlier run made but never recorded (the background stopped) counts as made, not taken', async () => {
    const service = fakeService();
    const job = newImportJob('a', rows(3), false);
    // The earlier run's creates arrived; the background stopped before storing their outcomes.
    for (const row of rows(3)) service.make(row);
    service.make({ destinationUrl: 'https://example.com/someone-else', backHalf: 'b9' });
    job.rows.push({
      row: 9,
      destinationUrl: 'https://example.com/mine',
      backHalf: 'b9',
      title: '',
    });
    await runImportJob(job, {
      async createLink(input) {
        if (input.backHalf && service.links.has(input.backHalf))
          throw new ApiError(
            'back_half_taken',
            `The back-half "${input.backHalf}" is already taken.`,
          );
        return service.make(input);
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => false,
    });
    expect(job.rows.map((row) => [row.outcome, row.shortUrl])).toEqual([
      ['created', 'https://sho.rt/b0'],
      ['created', 'https://sho.rt/b1'],
      ['created', 'https://sho.rt/b2'],
      ['back_half_taken', undefined],
    ]);
  });

  it('stops at "Pause" and goes on from there at "Resume", making each link once', async () => {
    const service = fakeService();
    let paused = false;
    const deps = {
      async createLink(input: CreateLinkInput) {
        service.sent.push(input);
        if (service.sent.length === 4) paused = true;
        return service.make(input);
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => paused,
      concurrency: 1,
    };
    const job: ImportJob = await runImportJob(newImportJob('a', rows(10), false), deps);
    expect(job.state).toBe('running');
    expect(doneCount(job)).toBe(4);
    paused = false;
    // The job as stored and read back, as a restarted background would.
    const stored = JSON.parse(JSON.stringify(job)) as ImportJob;
    const finished = await runImportJob(stored, deps);
    expect(finished.state).toBe('done');
    expect(service.sent.map((input) => input.backHalf)).toEqual(
      rows(10).map((row) => row.backHalf),
    );
  });

  it('reports a row as failed after repeated lost answers, and a retry looks it up first', async () => {
    const service = fakeService();
    const job = await runImportJob(newImportJob('a', rows(1), false), {
      async createLink() {
        throw new ApiError('server_error', 'The service failed.');
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => false,
      sleep: noSleep,
    });
    expect(job.rows[0]).toMatchObject({ outcome: 'failed', uncertain: true });
    service.make({ destinationUrl: 'https://example.com/0', backHalf: 'b0' });
    let creates = 0;
    const again = await runImportJob(retryFailed(job), {
      async createLink(input) {
        creates++;
        return service.make(input);
      },
      findLink: service.findLink,
      onChange() {},
      isPaused: () => false,
    });
    expect(creates).toBe(0);
    expect(again.rows[0]).toMatchObject({ outcome: 'created', shortUrl: 'https://sho.rt/b0' });
  });
});
