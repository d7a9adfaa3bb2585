// `node test/bench/click-record-store-bench.ts [--links N] [--days D]`: what one read of the list
// costs the local click record's store (lib/stats/click-record-store.ts `recordListRead`) once
// it holds D days (default 90) of N links (default 20,000): the time of the call and the bytes it
// hands IndexedDB to write (each key and value put, measured with node:v8's serializer, the structured
// clone Chromium stores). In Node with fake-indexeddb, so the times compare versions of the code,
// not browsers; the bytes are what a browser would write. The reads: none of the links clicked
// since the read before (a refresh a minute later), then one link in ten and every link clicked,
// each at the first read of a day and again later that day.
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { readClickRecord, recordListRead } from '../../lib/stats/click-record-store.ts';

const { values } = parseArgs({
  options: {
    links: { type: 'string', default: '20000' },
    days: { type: 'string', default: '90' },
  },
});
const count = Number(values.links);
const history = Number(values.days);
const DAY_MS = 86_400_000;
const start = Date.parse('2026-01-01T12:00:00Z');

let written = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (value: unknown, key?: IDBValidKey) {
  written += serialize(value).length + (key === undefined ? 0 : serialize(key).length);
  return put.call(this, value, key);
};

const links = Array.from({ length: count }, (_, i) => ({
  shortUrl: `https://sho.rt/${i.toString(36).padStart(7, '0')}`,
  clicks: 1000 + i,
}));
const clickShare = (share: number, salt: number) => {
  for (const [i, link] of links.entries()) {
    if ((i + salt) % Math.round(1 / share) === 0) link.clicks += 1 + (i % 50);
  }
};

const seeding = performance.now();
for (let day = 0; day < history; day++) {
  clickShare(1, day);
  await recordListRead('bench', links, start + day * DAY_MS);
}
const seededMs = performance.now() - seeding;
const today = start + history * DAY_MS;

async function oneRead(name: string, share: number, at: number) {
  if (share > 0) clickShare(share, 7);
  written = 0;
  const before = performance.now();
  await recordListRead('bench', links, at);
  const ms = performance.now() - before;
  console.log(
    `${count} links, ${history} days, a read with ${name}: ${ms.toFixed(0)} ms, ${(written / 1e6).toFixed(2)} MB written`,
  );
}

console.log(`(seeded ${history} daily reads in ${(seededMs / 1000).toFixed(1)} s)`);
await oneRead('no link clicked', 0, today);
await oneRead('one link in ten clicked, first read of the day', 0.1, today);
await oneRead('one link in ten clicked, later the same day', 0.1, today + 3_600_000);
await oneRead('every link clicked, first read of the day', 1, today + DAY_MS);
await oneRead('every link clicked, later the same day', 1, today + DAY_MS + 3_600_000);
const reading = performance.now();
const record = await readClickRecord('bench', today + DAY_MS);
console.log(
  `readClickRecord (Trending, the details pane): ${(performance.now() - reading).toFixed(0)} ms for ${Object.keys(record).length} links`,
);
