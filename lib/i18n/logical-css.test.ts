// Right-to-left pages mirror only what is written with logical properties (margin-inline-start,
// inset-inline-end, text-align: start): a physical left or right stays put and breaks Arabic.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['components', 'entrypoints'];
const PHYSICAL = [
  /\b(margin|padding|border)-(left|right)\b/,
  /(^|[\s;{])(left|right)\s*:/,
  /\btext-align\s*:\s*(left|right)\b/,
  /\bfloat\s*:\s*(left|right)\b/,
  /\b(margin|padding)\s*:\s*\S+\s+\S+\s+\S+\s+\S+\s*;/,
];

const stylesheets = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join(folder, name)),
);

it('finds the stylesheets', () => {
  expect(stylesheets.length).toBeGreaterThan(3);
});

it.each(stylesheets)('%s uses logical properties for what mirrors right to left', (file) => {
  const found = readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      PHYSICAL.some((pattern) => pattern.test(line))
        ? [`${file}:${index + 1}: ${line.trim()}`]
        : [],
    );
  expect(found, 'write margin-inline-start, inset-inline-end, text-align: start …').toEqual([]);
});
