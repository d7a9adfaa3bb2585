import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClickCounter } from './clicks.ts';
import { DEFAULT_DOMAIN, openStore, type Store } from './db.ts';

let store: Store;
let links: number[];
let writes: number;

beforeEach(() => {
  store = openStore(':memory:');
  const accountId = store.createAccount('clicks@example.com', 'paid', 'hash', 0);
  links = ['a', 'b', 'c'].map(
    (backHalf) =>
      store.insertLink(accountId, {
        domain: DEFAULT_DOMAIN,
        backHalf,
        destinationUrl: 'https://example.com/',
        title: '',
        createdAt: 0,
      }).id,
  );
  writes = 0;
  const addClicks = store.addClicks;
  store.addClicks = (pending) => {
    writes++;
    addClicks(pending);
  };
});
afterEach(() => {
  store.close();
});

const stored = (id: number | undefined) =>
  store.linksOf(1).find((link) => link.id === id)?.clicks ?? Number.NaN;

describe('createClickCounter', () => {
  it('holds clicks in memory until flushed, then adds them all in one write', () => {
    const clicks = createClickCounter(store, 60_000);
    for (let i = 0; i < 5; i++) clicks.count(links[0] as number);
    clicks.count(links[1] as number);
    expect(stored(links[0])).toBe(0);

    clicks.flush();
    expect(writes).toBe(1);
    expect([stored(links[0]), stored(links[1]), stored(links[2])]).toEqual([5, 1, 0]);
    clicks.stop();
  });

  it('adds clicks to what is stored, flush after flush', () => {
    const clicks = createClickCounter(store, 60_000);
    clicks.count(links[0] as number);
    clicks.flush();
    clicks.count(links[0] as number);
    clicks.count(links[0] as number);
    clicks.flush();
    expect(stored(links[0])).toBe(3);
    clicks.stop();
  });

  it('writes nothing when no click is pending', () => {
    const clicks = createClickCounter(store, 60_000);
    clicks.flush();
    clicks.flush();
    expect(writes).toBe(0);
    clicks.stop();
  });

  it('flushes on stop, so a shutdown loses no click', () => {
    const clicks = createClickCounter(store, 60_000);
    for (let i = 0; i < 7; i++) clicks.count(links[2] as number);
    clicks.stop();
    expect(stored(links[2])).toBe(7);
  });

  it('flushes by itself every interval', async () => {
    const clicks = createClickCounter(store, 20);
    clicks.count(links[1] as number);
    clicks.count(links[1] as number);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stored(links[1])).toBe(2);
    clicks.stop();
  });

  it('drops clicks of a link deleted meanwhile and keeps the others', () => {
    const clicks = createClickCounter(store, 60_000);
    clicks.count(links[0] as number);
    clicks.count(links[1] as number);
    store.deleteLink(links[0] as number);
    clicks.flush();
    expect(stored(links[1])).toBe(1);
    expect(store.linksOf(1)).toHaveLength(2);
    clicks.stop();
  });
});
