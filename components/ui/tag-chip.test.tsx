// A tag chip has one style, components/ui/tag-chip.css, wherever it is drawn (the popup's Tags
// field, the Tags section, the Links rows and their Tags filter): other stylesheets only place it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { TagChip } from './TagChip.tsx';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWN = path.join('components', 'ui', 'tag-chip.css');

/** The selectors of a stylesheet's rules, each as written. */
const selectorsOf = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)].flatMap((rule) =>
    (rule[1] ?? '').split(',').map((selector) => selector.trim()),
  );

/** A selector that styles a chip itself rather than placing it: `.tag-chip`, `.tag-red`, … */
const stylesChip = (selector: string) =>
  /^(\.tag-chips?|\.tag-chip-name|\.tag-swatch|\.tag-(gray|red|orange|yellow|green|blue|purple|pink)|\[data-tag-color[^\]]*\])$/.test(
    selector,
  );

it('is styled in components/ui/tag-chip.css alone', () => {
  const stylesheets = ['components', 'entrypoints'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.css'))
      .map((name) => path.join(folder, name)),
  );
  const elsewhere = stylesheets
    .filter((file) => file !== OWN)
    .flatMap((file) =>
      selectorsOf(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter(stylesChip)
        .map((selector) => `${file}: ${selector}`),
    );
  expect(elsewhere).toEqual([]);
  expect(selectorsOf(readFileSync(path.join(ROOT, OWN), 'utf8'))).toContain('.tag-chip');
});

it('writes the name always, beside a swatch of its colour when it has one', () => {
  expect(renderToStaticMarkup(<TagChip name="Client A" color="blue" />)).toBe(
    '<span class="tag-chip" data-tag-color="blue"><span class="tag-swatch" aria-hidden="true"></span><bdi class="tag-chip-name">Client A</bdi></span>',
  );
  expect(renderToStaticMarkup(<TagChip name="New" color={undefined} as="li" />)).toBe(
    '<li class="tag-chip"><bdi class="tag-chip-name">New</bdi></li>',
  );
});
