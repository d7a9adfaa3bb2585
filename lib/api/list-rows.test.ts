import { describe, expect, it } from 'vitest';
import { readLinkRows } from './link-page.ts';
import { newestRowIndices, readListRows } from './list-rows.ts';
import type { Link } from './schemas.ts';

const row = (n: number, over: Record<string, unknown> = {}) => ({
  short_url: `https://sho.rt/r${n}`,
  destination_url: `https://example.com/${n}`,
  clicks: n % 7,
  created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString().replace('.000Z', '+00:00'),
  title: `Row ${n}`,
  tags: n % 2 ? [{ id: 1, name: 'Odd', color: 'red' }] : [],
  ...over,
});

/** Rows as a list sends them, with the broken ones a confused service may send among them. */
const rows: unknown[] = [
  ...Array.from({ length: 12_000 }, (_, n) => row(n)),
  'not a link',
  null,
  row(12_001, { short_url: 'javascript://sho.rt/x' }),
  row(12_002, { destination_url: undefined }),
  row(12_003, { created_at: 'yesterday' }),
  row(12_004, { clicks: '12', title: null, created_at: '2026-11-22T11:00:00+01:00' }),
];

describe("the list's rows", () => {
  it('are read as the page schema reads them: the same links, a broken row left out alike', async () => {
    let pauses = 0;
    const read = await readListRows(rows, {
      pause: async () => {
        pauses++;
      },
    });

    expect(read).toEqual(readLinkRows(rows));
    expect(read).toHaveLength(12_002);
    // A slice at a time, with a turn of the page before each: the answer's parse before is a task.
    expect(pauses).toBe(3);
  });

  it('are read at once when they make one slice', async () => {
    let pauses = 0;
    const read = await readListRows(rows.slice(0, 100), {
      pause: async () => {
        pauses++;
      },
    });
    expect(read).toHaveLength(100);
    expect(pauses).toBe(0);
  });

  it('give their newest first, before the rest is read, when a page asks', async () => {
    // The newest row is one Link refuses: the screen has the two readable ones after it.
    const listed = [...rows.slice(0, 12_000), row(12_001, { short_url: 'javascript://sho.rt/x' })];
    let pauses = 0;
    const shown: { links: Link[]; total: number | undefined; pausesBefore: number }[] = [];
    const read = await readListRows(listed, {
      pause: async () => {
        pauses++;
      },
      firstScreen: {
        size: 3,
        show: (links, total) => {
          shown.push({ links, total, pausesBefore: pauses });
        },
      },
    });

    expect(shown).toHaveLength(1);
    expect(shown[0]?.pausesBefore).toBe(0);
    expect(shown[0]?.total).toBe(12_001);
    expect(shown[0]?.links.map((link) => link.title)).toEqual(['Row 11999', 'Row 11998']);
    expect(read).toEqual(readLinkRows(listed));
  });

  it('are counted a slice at a time once their newest are shown, while that is wanted', async () => {
    const told: number[] = [];
    const read = await readListRows(rows, {
      pause: async () => {},
      firstScreen: { size: 3, show: () => {}, arrived: (count) => told.push(count) > 0 },
    });
    expect(told).toEqual([5_000, 10_000, read.length]);
    told.length = 0;
    await readListRows(rows, {
      pause: async () => {},
      firstScreen: { size: 3, show: () => {}, arrived: (count) => told.push(count) < 0 },
    });
    expect(told).toEqual([5_000]);
  });

  it('are not shown ahead when the whole list fits in the first screen', async () => {
    let shown = 0;
    await readListRows(rows.slice(0, 3), { firstScreen: { size: 3, show: () => void shown++ } });
    expect(shown).toBe(0);
  });

  it('stop being read when the page that asked has gone', async () => {
    const controller = new AbortController();
    const read = readListRows(rows, {
      signal: controller.signal,
      firstScreen: { size: 3, show: () => controller.abort(new Error('gone')) },
    });
    await expect(read).rejects.toThrow('gone');
  });
});

describe('newestRowIndices', () => {
  it('finds the rows written latest, in any order of the list, latest first', () => {
    const dates = ['2026-01-03', '2026-01-09', undefined, '2026-01-01', '2026-01-09', '2026-01-05'];
    const indexed = dates.map((created_at) => ({ created_at }));
    expect(newestRowIndices(indexed, 3)).toEqual([1, 4, 5]);
    expect(newestRowIndices(indexed, 10)).toEqual([1, 4, 5, 0, 3, 2]);
    expect(newestRowIndices([], 3)).toEqual([]);
  });
});
