import { createStore, set } from 'idb-keyval';
import { afterEach, expect, it, vi } from 'vitest';
import { type ClickRecord, dayNumber, recordRead } from './click-record.ts';
import {
  RECORD_CHUNK_LINKS,
  readClickRecord,
  readLinkClickRecord,
  recordListRead,
  removeClickRecord,
} from './click-record-store.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([removeClickRecord('one'), removeClickRecord('two')]);
});

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const day = (date: string) => dayNumber(at(date));
const link = (shortUrl: string, clicks: number) => ({ shortUrl, clicks });

/** The values the store hands IndexedDB to write, while `run` runs. */
async function valuesPut(run: () => Promise<void>): Promise<unknown[]> {
  const put = vi.spyOn(IDBObjectStore.prototype, 'put');
  await run();
  const values = put.mock.calls.map(([value]) => value);
  put.mockRestore();
  return values;
}

it('keeps a record per account across reads of the list', async () => {
  await recordListRead('one', [{ shortUrl: 'https://s.example/a', clicks: 4 }], at('2026-11-20'));
  await recordListRead('one', [{ shortUrl: 'https://s.example/a', clicks: 9 }], at('2026-11-21'));
  await recordListRead('two', [{ shortUrl: 'https://s.example/a', clicks: 1 }], at('2026-11-21'));
  expect((await readClickRecord('one'))['https://s.example/a']).toEqual({
    last: 9,
    since: day('2026-11-20'),
    days: [day('2026-11-21'), 5],
  });
  expect((await readClickRecord('two'))['https://s.example/a']?.days).toEqual([]);
  await removeClickRecord('one');
  expect(await readClickRecord('one')).toEqual({});
  expect(Object.keys(await readClickRecord('two'))).toEqual(['https://s.example/a']);
});

it('writes nothing when no link was clicked, and only the clicked link when one was', async () => {
  const links = [link('a', 1), link('b', 2), link('c', 3)];
  await recordListRead('one', links, at('2026-11-20'));

  expect(await valuesPut(() => recordListRead('one', links, at('2026-11-21')))).toEqual([]);
  expect(
    await valuesPut(() =>
      recordListRead('one', [link('a', 1), link('b', 7), link('c', 3)], at('2026-11-21')),
    ),
  ).toEqual([[7, day('2026-11-20'), day('2026-11-21'), 5]]);
  // The next day's first gain writes the day before into the link's days, once.
  expect(
    await valuesPut(() =>
      recordListRead('one', [link('a', 1), link('b', 8), link('c', 3)], at('2026-11-22')),
    ),
  ).toEqual([
    [8, day('2026-11-20'), day('2026-11-22'), 1],
    [day('2026-11-21'), 5],
  ]);
});

it('keeps the same record as recordRead over reads that add, click, reset and drop links', async () => {
  let expected: ClickRecord = {};
  let clicks = [5, 0, 12, 3, 40];
  for (let read = 0; read < 24; read++) {
    // Two reads a day (the second adds to the day), nine days apart (days older than 90 go).
    const now = at('2026-08-01') + Math.floor(read / 2) * 9 * 86_400_000 + (read % 2) * 3_600_000;
    clicks = clicks.map((count, i) => ((read + i) % 4 === 0 ? 0 : count + ((read * i) % 5)));
    const links = clicks
      .map((count, i) => link(`https://s.example/${i}`, count))
      .filter((_, i) => (read + i) % 5 !== 0);
    expected = recordRead(expected, links, now);
    await recordListRead('one', links, now);
    expect({ ...(await readClickRecord('one', now)) }).toEqual({ ...expected });
    // One link read alone is that link's part of the whole record.
    const one = 'https://s.example/2';
    const alone = { ...(await readLinkClickRecord('one', one, now)) };
    expect(alone).toEqual(expected[one] ? { [one]: expected[one] } : {});
  }
});

it("takes up an older version's record, kept as one value, and carries on from it", async () => {
  const old: ClickRecord = {
    a: { last: 4, since: day('2026-11-01'), days: [day('2026-11-19'), 2] },
  };
  await set('one', old, createStore('shortlink-click-records', 'records'));
  expect(await readClickRecord('one')).toEqual(old);
  expect({ ...(await readLinkClickRecord('one', 'a')) }).toEqual(old);
  expect({ ...(await readLinkClickRecord('one', 'b')) }).toEqual({});

  await recordListRead('one', [link('a', 10)], at('2026-11-20'));

  expect({ ...(await readClickRecord('one', at('2026-11-20'))) }).toEqual({
    a: { last: 10, since: day('2026-11-01'), days: [day('2026-11-19'), 2, day('2026-11-20'), 6] },
  });
});

it('writes a long list in short transactions, never one per read: the page runs between them', async () => {
  const many = Array.from({ length: 2_000 }, (_, n) => link(`https://s.example/${n}`, n % 3));
  const perTransaction = new Map<IDBTransaction, number>();
  const count = (store: IDBObjectStore) =>
    perTransaction.set(store.transaction, (perTransaction.get(store.transaction) ?? 0) + 1);
  const realPut = IDBObjectStore.prototype.put;
  const realDelete = IDBObjectStore.prototype.delete;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    count(this);
    return realPut.call(this, value, key);
  });
  vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (
    this: IDBObjectStore,
    query: IDBValidKey | IDBKeyRange,
  ) {
    count(this);
    return realDelete.call(this, query);
  });
  await recordListRead('one', many, at('2026-11-20'));
  // The next read lists none of them: every one is dropped, also in short transactions.
  await recordListRead('one', [], at('2026-11-21'));
  vi.restoreAllMocks();

  expect([...perTransaction.values()].reduce((sum, n) => sum + n, 0)).toBe(2_000 + 4_000);
  expect(Math.max(...perTransaction.values())).toBeLessThanOrEqual(2 * RECORD_CHUNK_LINKS);
  expect(await readClickRecord('one')).toEqual({});
});
