import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import {
  DEFAULT_RATE_LIMIT_WAIT_MS,
  type Hold,
  MAX_RATE_LIMIT_WAIT_MS,
  MAX_RATE_LIMIT_WAITS,
  REQUESTS_AT_ONCE,
  rateLimitWaitMs,
  runBulk,
} from './pool.ts';

const items = (count: number) => Array.from({ length: count }, (_, n) => n);
const tooMany = (retryAfterSeconds?: number) =>
  new ApiError('rate_limited', 'Too many requests.', { retryAfterSeconds });
const noSleep = async () => {};

describe('the bulk pool', () => {
  it(`runs at most ${REQUESTS_AT_ONCE} tasks at once and gives each result at its item's index`, async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const results = await runBulk(
      items(11),
      async (n) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
        running--;
        return n * 10;
      },
      { onSettled: (_settled, index) => seen.push(index) },
    );
    expect(most).toBe(REQUESTS_AT_ONCE);
    expect(results).toEqual(items(11).map((n) => ({ ok: true, value: n * 10 })));
    expect(seen.sort((a, b) => a - b)).toEqual(items(11));
  });

  it('runs nothing for no items', async () => {
    expect(await runBulk([], async () => 1)).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s tasks at once',
    async (concurrency) => {
      await expect(runBulk(items(2), async () => 1, { concurrency })).rejects.toThrow(TypeError);
    },
  );

  it('holds every task for a 429’s Retry-After, then tries the refused one again', async () => {
    const holds: (Hold | undefined)[] = [];
    const slept: number[] = [];
    let refused = false;
    const tried: number[] = [];
    const results = await runBulk(
      items(4),
      async (n) => {
        tried.push(n);
        if (n === 1 && !refused) {
          refused = true;
          throw tooMany(2);
        }
        return n;
      },
      {
        concurrency: 1,
        onHold: (hold) => holds.push(hold),
        sleep: async (ms) => {
          slept.push(ms);
        },
      },
    );
    expect(results.map((result) => result?.ok)).toEqual([true, true, true, true]);
    expect(tried).toEqual([0, 1, 1, 2, 3]);
    expect(holds).toEqual([{ ms: 2_000, until: expect.any(Number) }, undefined]);
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(1_900);
    expect(slept[0]).toBeLessThanOrEqual(2_000);
  });

  it.each([
    ['no Retry-After', undefined, DEFAULT_RATE_LIMIT_WAIT_MS],
    ['a Retry-After that is no number', Number.NaN, DEFAULT_RATE_LIMIT_WAIT_MS],
    ['a negative Retry-After', -5, DEFAULT_RATE_LIMIT_WAIT_MS],
    ['a Retry-After of 0', 0, 0],
    ['a Retry-After of 60 s', 60, 60_000],
    ['an endless Retry-After', Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])('reads a 429 with %s as a wait of %s ms', (_, seconds, ms) => {
    expect(rateLimitWaitMs(tooMany(seconds))).toBe(ms);
  });

  it('reads any other error as no wait', () => {
    expect(rateLimitWaitMs(new ApiError('server_error', 'Failed.'))).toBeUndefined();
    expect(rateLimitWaitMs(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('does not wait out a huge Retry-After: the task fails with it, and the tasks after it fail unsent', async () => {
    const huge = tooMany(MAX_RATE_LIMIT_WAIT_MS / 1000 + 1);
    const sent: number[] = [];
    const slept: number[] = [];
    const results = await runBulk(
      items(3),
      async (n) => {
        sent.push(n);
        if (n === 0) throw huge;
        return n;
      },
      {
        concurrency: 1,
        sleep: async (ms) => {
          slept.push(ms);
        },
      },
    );
    expect(results).toEqual([
      { ok: false, error: huge },
      { ok: false, error: huge },
      { ok: false, error: huge },
    ]);
    expect(sent).toEqual([0]);
    expect(slept).toEqual([]);
  });

  it(`fails a task refused more than ${MAX_RATE_LIMIT_WAITS} times, each time waited out`, async () => {
    let tries = 0;
    const refusal = tooMany();
    const results = await runBulk(
      items(1),
      async () => {
        tries++;
        throw refusal;
      },
      { sleep: noSleep },
    );
    expect(results).toEqual([{ ok: false, error: refusal }]);
    expect(tries).toBe(MAX_RATE_LIMIT_WAITS + 1);
  });

  it('tries a task whose answer was lost again, looking first; a refusal fails at once', async () => {
    const how: [number, boolean][] = [];
    const refused = new ApiError('unauthorized', 'Wrong key.');
    const results = await runBulk(
      items(3),
      async (n, { lookFirst }) => {
        how.push([n, lookFirst]);
        if (n === 0 && !lookFirst) throw new ApiError('network', 'Unreachable.');
        if (n === 1) throw refused;
        return n;
      },
      { attempts: 3, lookFirst: (n) => n === 2 },
    );
    expect(results).toEqual([
      { ok: true, value: 0 },
      { ok: false, error: refused },
      { ok: true, value: 2 },
    ]);
    expect(how.sort()).toEqual([
      [0, false],
      [0, true],
      [1, false],
      [2, true],
    ]);
  });

  it('reports a lost answer at once with one attempt, and after the last of several', async () => {
    for (const attempts of [1, 3]) {
      let tries = 0;
      const lost = new ApiError('timeout', 'Too slow.');
      const results = await runBulk(
        items(1),
        async () => {
          tries++;
          throw lost;
        },
        { attempts },
      );
      expect(results).toEqual([{ ok: false, error: lost }]);
      expect(tries).toBe(attempts);
    }
  });

  it('stops in the middle of a wait when aborted, with the abort’s reason', async () => {
    const controller = new AbortController();
    let tries = 0;
    const run = runBulk(
      items(2),
      async () => {
        tries++;
        throw tooMany(30);
      },
      {
        concurrency: 1,
        signal: controller.signal,
        // A wait that would never end by itself.
        sleep: () => new Promise(() => {}),
        onHold: (hold) => {
          if (hold) setTimeout(() => controller.abort(new Error('closed')), 1);
        },
      },
    );
    await expect(run).rejects.toThrow('closed');
    expect(tries).toBe(1);
  });

  it('stops at once when aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    let tries = 0;
    await expect(
      runBulk(items(2), async () => ++tries, { signal: controller.signal }),
    ).rejects.toThrow('closed');
    expect(tries).toBe(0);
  });

  it('pauses between tasks and resumes with what is left, running each task once', async () => {
    let paused = false;
    const ran: number[] = [];
    const task = async (n: number) => {
      ran.push(n);
      if (ran.length === 3) paused = true;
      return n;
    };
    const options = { concurrency: 1, isPaused: () => paused };
    const first = await runBulk(items(8), task, options);
    expect(first.map((result) => result?.ok)).toEqual([
      true,
      true,
      true,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    paused = false;
    const left = items(8).filter((n) => first[n] === undefined);
    const rest = await runBulk(left, task, options);
    expect(rest.every((result) => result?.ok)).toBe(true);
    expect(ran).toEqual(items(8));
  });

  it('leaves a task unsent when paused during its wait', async () => {
    let paused = false;
    let tries = 0;
    const results = await runBulk(
      items(1),
      async () => {
        tries++;
        throw tooMany(1);
      },
      {
        isPaused: () => paused,
        sleep: async () => {
          paused = true;
        },
      },
    );
    expect(results).toEqual([undefined]);
    expect(tries).toBe(1);
  });
});
