import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedLinksOf } from '../../test/support/stored-links.ts';
import type { Logger } from '../shared/logger.ts';
import { openSqliteStorage } from '../storage/sqlite/queries.ts';
import { DEFAULT_DOMAIN, type Storage, StorageUnavailable } from '../storage/storage.ts';
import { createClickCounter } from './clicks.ts';

let store: Storage;
let links: number[];
let writes: number;

beforeEach(async () => {
  store = await openSqliteStorage(':memory:');
  const accountId = await store.createAccount('clicks@example.com', 'paid', 'hash', 0);
  links = [];
  for (const backHalf of ['a', 'b', 'c']) {
    const link = await store.insertLink(accountId, {
      domain: DEFAULT_DOMAIN,
      backHalf,
      destinationUrl: 'https://example.com/',
      title: '',
      createdAt: 0,
    });
    links.push(link.id);
  }
  writes = 0;
  const addClicks = store.addClicks;
  store.addClicks = (pending) => {
    writes++;
    return addClicks(pending);
  };
});
afterEach(async () => {
  await store.close();
});

const stored = async (id: number | undefined) =>
  (await storedLinksOf(store, 1)).find((link) => link.id === id)?.clicks ?? Number.NaN;

describe('createClickCounter', () => {
  it('holds clicks in memory until flushed, then adds them all in one write', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i++) clicks.count(links[0] as number);
    clicks.count(links[1] as number);
    expect(await stored(links[0])).toBe(0);

    await clicks.flush();
    expect(writes).toBe(1);
    expect([await stored(links[0]), await stored(links[1]), await stored(links[2])]).toEqual([
      5, 1, 0,
    ]);
    await clicks.stop();
  });

  it('adds clicks to what is stored, flush after flush', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 60_000 });
    clicks.count(links[0] as number);
    await clicks.flush();
    clicks.count(links[0] as number);
    clicks.count(links[0] as number);
    await clicks.flush();
    expect(await stored(links[0])).toBe(3);
    await clicks.stop();
  });

  it('writes nothing when no click is pending, once the visitor days that are over are forgotten', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 60_000 });
    // The first write of a process deletes the visitor keys and marks of the days over, if any.
    await clicks.flush();
    expect(writes).toBe(1);
    await clicks.flush();
    await clicks.flush();
    expect(writes).toBe(1);
    await clicks.stop();
  });

  it('flushes on stop, so a shutdown loses no click', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 7; i++) clicks.count(links[2] as number);
    await clicks.stop();
    expect(await stored(links[2])).toBe(7);
  });

  it('flushes by itself every interval', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 20 });
    clicks.count(links[1] as number);
    clicks.count(links[1] as number);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored(links[1])).toBe(2);
    await clicks.stop();
  });

  it('counts clicks being written as pending until stored, and writes one batch at a time', async () => {
    const batches: Map<number, number>[] = [];
    let finishWrite = () => {};
    const slow = {
      addClicks(batch: Map<number, number>) {
        batches.push(new Map(batch));
        return new Promise<void>((resolve) => {
          finishWrite = resolve;
        });
      },
    };
    const clicks = createClickCounter(slow, { flushIntervalMs: 60_000 });
    clicks.count(1);
    const first = clicks.flush();
    clicks.count(1);
    const second = clicks.flush();
    expect(clicks.pendingOf(1)).toBe(2);
    expect(batches).toHaveLength(1);

    finishWrite();
    expect(await first).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(batches.map((batch) => batch.get(1))).toEqual([1, 1]);
    expect(clicks.pendingOf(1)).toBe(1);
    finishWrite();
    expect(await second).toBe(true);
    expect(clicks.pendingOf(1)).toBe(0);
    await clicks.stop();
  });

  it('lets a write wait for the reads under way, and new reads wait for the write', async () => {
    const order: string[] = [];
    let finishWrite = () => {};
    const slow = {
      addClicks() {
        order.push('write');
        return new Promise<void>((resolve) => {
          finishWrite = () => {
            order.push('write done');
            resolve();
          };
        });
      },
    };
    const clicks = createClickCounter(slow, { flushIntervalMs: 60_000 });
    clicks.count(1);
    let finishRead = () => {};
    const firstRead = clicks.settled(
      () =>
        new Promise<void>((resolve) => {
          order.push('read');
          finishRead = resolve;
        }),
    );
    const flushed = clicks.flush();
    const secondRead = clicks.settled(async () => {
      order.push('second read');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['read']);
    finishRead();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['read', 'write']);
    finishWrite();
    await Promise.all([firstRead, flushed, secondRead]);
    expect(order).toEqual(['read', 'write', 'write done', 'second read']);
    await clicks.stop();
  });

  it('drops clicks of a link deleted meanwhile and keeps the others', async () => {
    const clicks = createClickCounter(store, { flushIntervalMs: 60_000 });
    clicks.count(links[0] as number);
    clicks.count(links[1] as number);
    await store.deleteLink(1, DEFAULT_DOMAIN, 'a');
    await clicks.flush();
    expect(await stored(links[1])).toBe(1);
    expect(await storedLinksOf(store, 1)).toHaveLength(2);
    await clicks.stop();
  });
});

describe('createClickCounter when the database refuses the write', () => {
  const failingStore = () => {
    const state = { failing: true, tries: 0, written: new Map<number, number>() };
    return {
      state,
      async addClicks(batch: Map<number, number>) {
        state.tries++;
        if (state.failing) {
          throw new StorageUnavailable('database is locked', { cause: new Error('SQLITE_BUSY') });
        }
        for (const [id, count] of batch)
          state.written.set(id, (state.written.get(id) ?? 0) + count);
      },
    };
  };
  const recordingLogger = () => {
    const lines: string[] = [];
    const logger: Logger = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
    return { lines, logger };
  };

  it('keeps the clicks, counts them as pending, and writes them all once it succeeds', async () => {
    const target = failingStore();
    const { lines, logger } = recordingLogger();
    const clicks = createClickCounter(target, { flushIntervalMs: 60_000, logger });
    clicks.count(1);
    clicks.count(1);
    expect(await clicks.flush()).toBe(false);
    clicks.count(1);
    clicks.count(2);
    expect(await clicks.flush()).toBe(false);
    expect([clicks.pendingOf(1), clicks.pendingOf(2)]).toEqual([3, 1]);
    expect(lines).toEqual([
      'Clicks not written (database is locked): 2 held in memory, next try in 3200 ms.',
      'Clicks not written (database is locked): 4 held in memory, next try in 3200 ms.',
    ]);

    target.state.failing = false;
    expect(await clicks.flush()).toBe(true);
    expect(Object.fromEntries(target.state.written)).toEqual({ 1: 3, 2: 1 });
    expect(clicks.pendingOf(1)).toBe(0);
    expect(lines.at(-1)).toBe('Clicks written again after 2 failed tries.');
    await clicks.stop();
  });

  it('writes a failed batch again as it was, with its number, before the clicks counted since', async () => {
    const sent: [Record<number, number>, number | undefined][] = [];
    let failing = true;
    const clicks = createClickCounter(
      {
        async addClicks(batch: Map<number, number>, number?: number) {
          sent.push([Object.fromEntries(batch), number]);
          if (failing) throw new StorageUnavailable('connection lost');
        },
      },
      { flushIntervalMs: 60_000 },
    );
    clicks.count(1);
    expect(await clicks.flush()).toBe(false);
    clicks.count(1);
    clicks.count(2);
    expect(await clicks.flush()).toBe(false);
    failing = false;
    expect(await clicks.flush()).toBe(true);
    expect(sent).toEqual([
      [{ 1: 1 }, 1],
      [{ 1: 1 }, 1],
      [{ 1: 1 }, 1],
      [{ 1: 1, 2: 1 }, 2],
    ]);
    await clicks.stop();
  });

  it('does not count as pending a failed batch that a read found stored', async () => {
    const clicks = createClickCounter(
      {
        async addClicks() {
          throw new StorageUnavailable('connection lost after the commit');
        },
      },
      { flushIntervalMs: 60_000, stopTimeoutMs: 0 },
    );
    clicks.count(1);
    await clicks.flush();
    clicks.count(1);
    expect(clicks.pendingOf(1)).toBe(2);
    expect(clicks.pendingOf(1, 0)).toBe(2);
    expect(clicks.pendingOf(1, 1)).toBe(1);
    expect(Object.fromEntries(clicks.pendingSnapshot(1))).toEqual({ 1: 1 });
    await clicks.stop();
  });

  it('tries again by itself, waiting longer after each failure', async () => {
    const target = failingStore();
    const clicks = createClickCounter(target, { flushIntervalMs: 10, maxRetryDelayMs: 80 });
    clicks.count(7);
    // Tries at about 10, 30, 70, 150 and 230 ms: far fewer than the 30 a fixed interval would make.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(target.state.tries).toBeGreaterThanOrEqual(3);
    expect(target.state.tries).toBeLessThanOrEqual(7);

    target.state.failing = false;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(target.state.written.get(7)).toBe(1);
    await clicks.stop();
  });

  it('keeps trying on stop until the write succeeds', async () => {
    const target = failingStore();
    const clicks = createClickCounter(target, { flushIntervalMs: 60_000 });
    clicks.count(3);
    setTimeout(() => {
      target.state.failing = false;
    }, 100);
    await clicks.stop();
    expect(target.state.written.get(3)).toBe(1);
  });

  it('gives up on stop after its time limit and says how many clicks are lost', async () => {
    const target = failingStore();
    const { lines, logger } = recordingLogger();
    const clicks = createClickCounter(target, {
      flushIntervalMs: 60_000,
      stopTimeoutMs: 50,
      logger,
    });
    clicks.count(3);
    clicks.count(4);
    await clicks.stop();
    expect(lines.at(-1)).toBe('2 clicks could not be written before stopping and are lost.');
  });
});
