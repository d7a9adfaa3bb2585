import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareFigures,
  comparisonText,
  type Figures,
  flaggedSummary,
  readFiguresFile,
  writeFiguresFile,
} from './figures.ts';

const committed: Figures = {
  openWithCacheMs: { value: 200, unit: 'ms', better: 'lower' },
  popupOverFloor: { value: 1.0, unit: 'ratio', better: 'lower' },
  redirectsPerSecond: { value: 10_000, unit: 'per second', better: 'higher' },
  drawnBeforeList: { value: 10, unit: 'count', better: 'higher' },
};

const flaggedKeys = (current: Figures) =>
  compareFigures(current, committed)
    .filter((comparison) => comparison.flagged)
    .map((comparison) => comparison.key);

describe('bench figures against the committed ones', () => {
  it.each([
    ['a time 20 % longer', 'openWithCacheMs', 240, false],
    ['a time 21 % longer', 'openWithCacheMs', 242, true],
    ['a time much shorter', 'openWithCacheMs', 20, false],
    ['a ratio 1.0 × → 1.2 ×', 'popupOverFloor', 1.2, false],
    ['a ratio 1.0 × → 1.25 × (compared as a ratio)', 'popupOverFloor', 1.25, true],
    ['a rate 20 % lower', 'redirectsPerSecond', 8_000, false],
    ['a rate 25 % lower', 'redirectsPerSecond', 7_500, true],
    ['a rate twice as high', 'redirectsPerSecond', 20_000, false],
    ['a count of 6 where 10 was', 'drawnBeforeList', 6, true],
  ])('%s is flagged: %s', (_name, key, value, flagged) => {
    const figure = { ...(committed[key] as Figures[string]), value };
    expect(flaggedKeys({ [key]: figure })).toEqual(flagged ? [key] : []);
  });

  it('says per figure which direction is worse, and by how much', () => {
    const [time, rate] = compareFigures(
      {
        openWithCacheMs: { value: 353, unit: 'ms', better: 'lower' },
        redirectsPerSecond: { value: 12_000, unit: 'per second', better: 'higher' },
      },
      committed,
    );
    expect(comparisonText(time as never)).toBe('was 200 ms, 76.5 % worse (lower is better) ⚠');
    expect(comparisonText(rate as never)).toBe(
      'was 10,000 per second, 20.0 % better (higher is better)',
    );
  });

  it('never flags a figure that is new or was not measured', () => {
    const comparisons = compareFigures(
      {
        newFigureMs: { value: 5_000, unit: 'ms', better: 'lower' },
        openWithCacheMs: { value: Number.NaN, unit: 'ms', better: 'lower' },
      },
      committed,
    );
    expect(comparisons.map((comparison) => comparison.flagged)).toEqual([false, false]);
    expect(comparisons.map(comparisonText)).toEqual(['new', 'not measured']);
    expect(flaggedSummary(comparisons, 'docs/benchmarks.json')).toBe(
      'No figure is more than 20 % worse than docs/benchmarks.json.',
    );
  });

  it('names every flagged figure in the closing sentence', () => {
    const comparisons = compareFigures(
      {
        openWithCacheMs: { value: 1_332, unit: 'ms', better: 'lower' },
        drawnBeforeList: { value: 2, unit: 'count', better: 'higher' },
      },
      committed,
    );
    expect(flaggedSummary(comparisons, 'docs/benchmarks.json')).toBe(
      '2 figures are more than 20 % worse than docs/benchmarks.json: ' +
        'openWithCacheMs (1,332 ms, was 200 ms, 566.0 % worse (lower is better) ⚠); ' +
        'drawnBeforeList (2, was 10, 80.0 % worse (higher is better) ⚠).',
    );
  });

  it('says so when nothing is committed yet', () => {
    const comparisons = compareFigures(committed, undefined);
    expect(flaggedSummary(comparisons, 'docs/benchmarks.json')).toMatch(/--save/);
  });
});

describe('the figures file', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the figures of groups not run this time when saving', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bench-figures-'));
    const file = path.join(dir, 'benchmarks.json');
    await writeFiguresFile(file, { figures: committed });
    const before = await readFiguresFile(file);
    await writeFiguresFile(
      file,
      { figures: { openWithCacheMs: { value: 180, unit: 'ms', better: 'lower' } } },
      before,
    );
    const saved = await readFiguresFile(file);
    expect(saved?.figures.openWithCacheMs?.value).toBe(180);
    expect(saved?.figures.redirectsPerSecond?.value).toBe(10_000);
    expect(JSON.parse(await readFile(file, 'utf8')).figures).toEqual(saved?.figures);
  });

  it('answers nothing for a missing file, and a sentence for a damaged one', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bench-figures-'));
    expect(await readFiguresFile(path.join(dir, 'none.json'))).toBeUndefined();
    const damaged = path.join(dir, 'damaged.json');
    await writeFiguresFile(damaged, { figures: {} });
    await (await import('node:fs/promises')).writeFile(damaged, '{ not json');
    await expect(readFiguresFile(damaged)).rejects.toThrow(/could not be read as bench figures/);
  });
});
