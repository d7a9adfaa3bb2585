import { describe, expect, it } from 'vitest';
import type { Link } from '../api/schemas.ts';
import { countedOnFirstRows, oncePerFrame } from './first-rows-count.ts';
import type { ListSnapshot } from './snapshot.ts';

const firstRows = [{ shortUrl: 'https://sho.rt/a' } as Link];
const shown: ListSnapshot<Link[]> = {
  value: firstRows,
  fetchedAt: undefined,
  loading: true,
  error: undefined,
  partOf: { total: undefined },
};

describe('the count of the links arrived while the first rows are shown', () => {
  it('grows, takes a total once a page tells it, and never goes back', () => {
    const counted = countedOnFirstRows(shown, firstRows, { loaded: 120 });
    expect(counted.partOf).toEqual({ total: undefined, loaded: 120 });
    // A paged list's first page in: its total.
    const paged = countedOnFirstRows(counted, firstRows, { loaded: 500, total: 5000 });
    expect(paged.partOf).toEqual({ total: 5000, loaded: 500 });
    // A count of the first page's rows told a frame late.
    expect(countedOnFirstRows(paged, firstRows, { loaded: 480 })).toBe(paged);
    expect(paged.value).toBe(firstRows);
  });

  it('leaves a list that is not those first rows as it is', () => {
    const cachedWhole = { ...shown, value: [...firstRows], partOf: undefined };
    expect(countedOnFirstRows(cachedWhole, firstRows, { loaded: 120 })).toBe(cachedWhole);
    const cachedFirstScreen = { ...shown, value: [...firstRows], partOf: { total: 20_000 } };
    expect(countedOnFirstRows(cachedFirstScreen, firstRows, { loaded: 120 })).toBe(
      cachedFirstScreen,
    );
    expect(countedOnFirstRows(shown, undefined, { loaded: 120 })).toBe(shown);
  });

  it('is set once a frame at most, to the latest count', async () => {
    const applied: number[] = [];
    const count = oncePerFrame((rows: number) => applied.push(rows));
    for (const rows of [61, 80, 95]) count(rows);
    await new Promise((resolve) => setTimeout(resolve, 40));
    count(130);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(applied).toEqual([95, 130]);
  });
});
