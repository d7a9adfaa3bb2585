// The bench's figures as numbers: written as JSON beside the table (test/bench/results/latest.json)
// and compared with the committed ones (docs/benchmarks.json), so that a figure more than 20 %
// worse is flagged the day it lands. A bench, not a timed test: a flag never fails a run.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Which way a figure gets worse: a time grows (lower is better), a rate shrinks (higher is). */
export type Better = 'lower' | 'higher';

export type Unit = 'ms' | 'µs' | 's' | 'ratio' | 'per second' | 'MB' | 'kB' | 'count';

export type Figure = { value: number; unit: Unit; better: Better };

export type Figures = Record<string, Figure>;

export type FiguresFile = {
  /** When, on which commit and how busy the machine was: figures compare only so far. */
  measuredAt?: string;
  commit?: string;
  load?: number;
  figures: Figures;
};

export type Comparison = {
  key: string;
  figure: Figure;
  committed?: number;
  /** How much worse, as a fraction of the committed value (negative: better); undefined: new. */
  worseBy?: number;
  flagged: boolean;
};

/** More than this fraction worse than the committed figure is flagged. */
export const FLAG_ABOVE = 0.2;

/**
 * Each figure of this run beside its committed value. A ratio is compared as a ratio (1.0 × to
 * 1.25 × is 25 % worse), a time as a time; a figure not measured (NaN) or not committed is never
 * flagged.
 */
export function compareFigures(
  current: Figures,
  committed: Figures | undefined,
  flagAbove = FLAG_ABOVE,
): Comparison[] {
  return Object.entries(current).map(([key, figure]) => {
    const before = committed?.[key]?.value;
    if (before === undefined || !Number.isFinite(before) || !Number.isFinite(figure.value)) {
      return { key, figure, committed: before, flagged: false };
    }
    const grewBy = before === 0 ? Math.sign(figure.value) * Infinity : figure.value / before - 1;
    const worseBy = figure.better === 'lower' ? grewBy : -grewBy;
    return {
      key,
      figure,
      committed: before,
      worseBy: Object.is(worseBy, -0) || Number.isNaN(worseBy) ? 0 : worseBy,
      flagged: worseBy > flagAbove,
    };
  });
}

const shown = (value: number, unit: Unit) =>
  unit === 'ratio'
    ? `${value.toFixed(2)} ×`
    : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}${unit === 'count' ? '' : ` ${unit}`}`;

/** "was 209 ms, 69.0 % worse (lower is better) ⚠", for the table's last column. */
export function comparisonText({ figure, committed, worseBy, flagged }: Comparison): string {
  if (!Number.isFinite(figure.value)) return 'not measured';
  if (committed === undefined || worseBy === undefined) return 'new';
  const direction = figure.better === 'lower' ? 'lower is better' : 'higher is better';
  const change =
    Math.abs(worseBy) < 0.0005
      ? 'the same'
      : `${(Math.abs(worseBy) * 100).toFixed(1)} % ${worseBy > 0 ? 'worse' : 'better'}`;
  return `was ${shown(committed, figure.unit)}, ${change} (${direction})${flagged ? ' ⚠' : ''}`;
}

/** The closing sentence: which figures are more than 20 % worse, or that none is. */
export function flaggedSummary(comparisons: Comparison[], committedFile: string): string {
  const flagged = comparisons.filter((comparison) => comparison.flagged);
  if (comparisons.every((comparison) => comparison.committed === undefined)) {
    return `No committed figures to compare with in ${committedFile} (\`--save\` writes them).`;
  }
  if (flagged.length === 0) {
    return `No figure is more than ${FLAG_ABOVE * 100} % worse than ${committedFile}.`;
  }
  const names = flagged.map(
    (comparison) =>
      `${comparison.key} (${shown(comparison.figure.value, comparison.figure.unit)}, ${comparisonText(comparison)})`,
  );
  return `${flagged.length} figure${flagged.length === 1 ? ' is' : 's are'} more than ${FLAG_ABOVE * 100} % worse than ${committedFile}: ${names.join('; ')}.`;
}

export async function readFiguresFile(file: string): Promise<FiguresFile | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as FiguresFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} could not be read as bench figures: ${(error as Error).message}`);
  }
}

/**
 * Writes the figures; with `mergeInto`, the figures of groups not run this time are kept from it
 * (a `--only options --save` updates the options figures alone).
 */
export async function writeFiguresFile(
  file: string,
  run: FiguresFile,
  mergeInto?: FiguresFile,
): Promise<void> {
  const figures = { ...mergeInto?.figures, ...run.figures };
  const sorted = Object.fromEntries(
    Object.keys(figures)
      .sort()
      .map((key) => {
        const figure = figures[key] as Figure;
        // Two decimals are more than a busy machine measures.
        return [key, { ...figure, value: Math.round(figure.value * 100) / 100 }];
      }),
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...run, figures: sorted }, null, 2)}\n`);
}
