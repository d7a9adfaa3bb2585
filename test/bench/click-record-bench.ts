// `node test/bench/click-record-bench.ts [--links N]`: the size of an account's local click record
// (lib/stats/click-record.ts) after 95 daily reads of N links (default 20,000), measured with
// node:v8's serializer (the structured clone Chromium's IndexedDB stores), and the time of one read's
// bookkeeping. Worst case: every link clicked every day; usual: one link in ten clicked a day.

import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { type ClickRecord, recordRead } from '../../lib/stats/click-record.ts';

const { values } = parseArgs({ options: { links: { type: 'string', default: '20000' } } });
const count = Number(values.links);
const start = Date.parse('2026-01-01T12:00:00Z');

function run(clickedShare: number) {
  const links = Array.from({ length: count }, (_, i) => ({
    shortUrl: `https://sho.rt/${i.toString(36).padStart(7, 'x')}`,
    clicks: 1000 + i,
  }));
  let record: ClickRecord = recordRead({}, links, start);
  let readMs = 0;
  for (let day = 1; day <= 95; day++) {
    for (const [i, link] of links.entries()) {
      if ((i + day) % Math.round(1 / clickedShare) === 0) link.clicks += 1 + (i % 50);
    }
    const before = performance.now();
    record = recordRead(record, links, start + day * 86_400_000);
    readMs = performance.now() - before;
  }
  return { mb: serialize(record).length / 1e6, readMs };
}

for (const [name, share] of [
  ['every link clicked every day', 1],
  ['one link in ten clicked a day', 0.1],
] as const) {
  const { mb, readMs } = run(share);
  console.log(
    `${count} links, 90 days, ${name}: ${mb.toFixed(1)} MB, ${readMs.toFixed(0)} ms a read`,
  );
}
