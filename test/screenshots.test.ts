// test/screenshots/ keeps the pictures that a document shows (README.md, docs/*.md) and those a
// browser test writes (into test-results/screenshots/, where the copies come from): a PNG there that
// neither names is stale, and a picture a document names must be there.
//
// The names a test writes are read from the browser tests as text: the name handed to a screenshot
// helper (test/support/screenshot-files.ts says which files it writes), or a path written out under
// test-results/screenshots/. In a template, each `${name}` stands for every value the nearest
// binding of `name` before it gives: `const name = 420`, `for (const name of ['a', 'b'])`,
// `for (const [name, …] of [['a', …], …])`, or a type `name: 'a' | 'b'`; a name that cannot be
// read so fails the test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_THEMES, screenshotFile } from './support/screenshot-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCREENSHOTS = 'test/screenshots';
const BROWSER_TESTS = ['test/e2e', 'test/firefox'];
const HELPERS = ['screenshotBothThemes', 'screenshotLightAndDark'];

type Written = { files: string[]; problems: string[] };

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/** A string or number literal's value, or undefined for anything else. */
function literalValue(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^(['"]).*\1$/s.test(trimmed)) return trimmed.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  return undefined;
}

/** Splits the text of an array literal's elements at its top-level commas. */
function topLevelItems(source: string, open: number): { items: string[]; end: number } {
  const items: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let at = open; at < source.length; at++) {
    const char = source[at];
    if (char === "'" || char === '"' || char === '`') {
      at = source.indexOf(char, at + 1);
      if (at === -1) break;
    } else if (char === '[' || char === '(' || char === '{') depth++;
    else if (char === ']' || char === ')' || char === '}') {
      depth--;
      if (depth === 0) {
        items.push(source.slice(start, at));
        return { items: items.filter((item) => item.trim() !== ''), end: at };
      }
    } else if (char === ',' && depth === 1) {
      items.push(source.slice(start, at));
      start = at + 1;
    }
  }
  return { items: [], end: source.length };
}

type Binding = { at: number; values: string[] | undefined };

/** Every binding of `name` in the file, with its values when they are all literals. */
function bindingsOf(source: string, name: string): Binding[] {
  const found: Binding[] = [];
  const declared = new RegExp(
    String.raw`\b(?:const|let)\s+${name}\s*(?::[^=;]+)?=\s*([^;\n]+)`,
    'g',
  );
  for (const match of source.matchAll(declared)) {
    const value = literalValue((match[1] ?? '').replace(/\s+as\s+const\s*$/, ''));
    found.push({ at: match.index, values: value === undefined ? undefined : [value] });
  }
  const loop = new RegExp(String.raw`\bfor\s*\(\s*const\s+${name}\s+of\s+\[`, 'g');
  for (const match of source.matchAll(loop)) {
    const { items } = topLevelItems(source, match.index + match[0].length - 1);
    const values = items.map(literalValue);
    found.push({
      at: match.index,
      values: values.every((value) => value !== undefined) ? (values as string[]) : undefined,
    });
  }
  const tupleLoop = /\bfor\s*\(\s*const\s+\[([^\]]*)\]\s+of\s+\[/g;
  for (const match of source.matchAll(tupleLoop)) {
    const position = (match[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .indexOf(name);
    if (position === -1) continue;
    const { items } = topLevelItems(source, match.index + match[0].length - 1);
    const values = items.map((item) => {
      const open = item.indexOf('[');
      const tuple = open === -1 ? [] : topLevelItems(item, open).items;
      return literalValue(tuple[position] ?? '');
    });
    found.push({
      at: match.index,
      values: values.every((value) => value !== undefined) ? (values as string[]) : undefined,
    });
  }
  const union = new RegExp(String.raw`\b${name}\??\s*:\s*((?:'[^'\n]*'\s*\|\s*)+'[^'\n]*')`, 'g');
  for (const match of source.matchAll(union)) {
    const values = (match[1] ?? '').split('|').map(literalValue) as string[];
    found.push({ at: match.index, values });
  }
  return found;
}

/** The names a name as written stands for: itself, or each filling of its template. */
function expand(
  written: string,
  source: string,
  at: number,
): { names: string[]; problem?: string } {
  if (!written.startsWith('`')) return { names: [written.slice(1, -1)] };
  let names = [''];
  const parts = written.slice(1, -1).split(/(\$\{[^}]*\})/);
  for (const part of parts) {
    const placeholder = part.match(/^\$\{\s*([A-Za-z_$][\w$]*)\s*\}$/);
    if (part.startsWith('${') && !placeholder) {
      return { names: [], problem: `${part} is no plain name` };
    }
    if (!placeholder) {
      names = names.map((name) => name + part);
      continue;
    }
    const identifier = placeholder[1] as string;
    const nearest = bindingsOf(source, identifier)
      .filter((binding) => binding.at < at)
      .sort((a, b) => b.at - a.at)[0];
    if (!nearest?.values) {
      return { names: [], problem: `\${${identifier}} is given no literal values before it` };
    }
    const values = nearest.values;
    names = names.flatMap((name) => values.map((value) => name + value));
  }
  return { names };
}

/** The screenshot files one browser-test source writes, and what in it cannot be read. */
function screenshotsWrittenBy(file: string, source: string): Written {
  const browser = file.startsWith('test/firefox/') ? 'firefox' : 'chromium';
  const files: string[] = [];
  const problems: string[] = [];
  const calls = new RegExp(
    String.raw`(?<!function\s+|async\s+)\b(?:${HELPERS.join('|')})\(\s*[\w.]+\s*,\s*([^,)]*)`,
    'g',
  );
  for (const match of source.matchAll(calls)) {
    const written = (match[1] ?? '').trim();
    const where = `${file}:${lineOf(source, match.index)}`;
    if (!/^(['`]).*\1$/s.test(written)) {
      problems.push(`${where}: the screenshot's name \`${written}\` is no literal`);
      continue;
    }
    const { names, problem } = expand(written, source, match.index);
    if (problem) problems.push(`${where}: in the screenshot's name ${written}, ${problem}`);
    for (const name of names) {
      for (const theme of SCREENSHOT_THEMES) files.push(screenshotFile(name, theme, browser));
    }
  }
  for (const match of source.matchAll(/(['`])test-results\/screenshots\/([^'`\n]*\.png)\1/g)) {
    const written = `${match[1]}${match[2]}${match[1]}`;
    const { names, problem } = expand(written, source, match.index);
    if (problem) {
      problems.push(`${file}:${lineOf(source, match.index)}: in ${written}, ${problem}`);
    }
    files.push(...names);
  }
  for (const match of source.matchAll(
    new RegExp(String.raw`\b(${HELPERS.join('|')})\s+as\s+\w+`, 'g'),
  )) {
    problems.push(
      `${file}:${lineOf(source, match.index)}: ${match[1]} is imported under another name; call it by its own, so that its screenshots are seen here`,
    );
  }
  return { files, problems };
}

function sourcesOf(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => `${folder}/${file}`)
    .sort();
}

function writtenByTests(): Written {
  const all: Written = { files: [], problems: [] };
  for (const file of BROWSER_TESTS.flatMap(sourcesOf)) {
    const { files, problems } = screenshotsWrittenBy(
      file,
      readFileSync(path.join(ROOT, file), 'utf8'),
    );
    all.files.push(...files);
    all.problems.push(...problems);
  }
  return all;
}

/** The screenshots each document names, as `{ document, file }`. */
function namedByDocuments(): { document: string; file: string }[] {
  const documents = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return documents.flatMap((document) =>
    [
      ...readFileSync(path.join(ROOT, document), 'utf8').matchAll(
        /test\/screenshots\/([\w.-]+\.png)/g,
      ),
    ].map((match) => ({ document, file: match[1] as string })),
  );
}

const kept = readdirSync(path.join(ROOT, SCREENSHOTS)).filter((name) => name.endsWith('.png'));

describe('test/screenshots/', () => {
  it('holds only pictures that a browser test writes or a document shows', () => {
    const named = new Set([
      ...writtenByTests().files,
      ...namedByDocuments().map(({ file }) => file),
    ]);
    const unnamed = kept
      .filter((file) => !named.has(file))
      .map((file) => `${SCREENSHOTS}/${file} is named by no test and no document: git rm it`);
    expect(unnamed).toEqual([]);
  });

  it('holds every picture a document shows', () => {
    const missing = namedByDocuments()
      .filter(({ file }) => !kept.includes(file))
      .map(({ document, file }) => `${document} shows ${SCREENSHOTS}/${file}, which is not there`);
    expect(missing).toEqual([]);
  });

  it("can read every screenshot's name in the browser tests", () => {
    expect(writtenByTests().problems).toEqual([]);
  });
});

describe('reading the names of the screenshots a browser test writes', () => {
  it('reads plain names, loops, tuples, constants and literal types, each in both themes', () => {
    const source = `
      const WIDTH = 420;
      for (const width of [360, 1280]) await screenshotBothThemes(page, \`links-\${width}\`);
      for (const [section, heading] of [['accounts', 'Konten'], ['preferences', 'Einstellungen']] as const) {
        await screenshotLightAndDark(page, \`\${section}-\${WIDTH}-de\`);
      }
      async function check(page: Page, lang: 'de' | 'ar') {
        await screenshotBothThemes(page, \`rows-\${lang}\`, part);
      }
      await screenshotBothThemes(popup.page, 'popup-filled');
      await page.screenshot({ path: \`test-results/screenshots/nav-\${WIDTH}.png\` });
    `;
    const { files, problems } = screenshotsWrittenBy('test/e2e/made-up.spec.ts', source);
    expect(problems).toEqual([]);
    expect(files.toSorted()).toEqual(
      [
        'links-360-light.png',
        'links-360-dark.png',
        'links-1280-light.png',
        'links-1280-dark.png',
        'accounts-420-de-light.png',
        'accounts-420-de-dark.png',
        'preferences-420-de-light.png',
        'preferences-420-de-dark.png',
        'rows-de-light.png',
        'rows-de-dark.png',
        'rows-ar-light.png',
        'rows-ar-dark.png',
        'popup-filled-light.png',
        'popup-filled-dark.png',
        'nav-420.png',
      ].toSorted(),
    );
  });

  it("takes the nearest binding before the name, and marks Firefox's pictures", () => {
    const source = `
      for (const name of ['aria-label', 'title']) {}
      async function check(name: 'rows' | 'keys') {
        await extension.screenshotBothThemes(page, \`links-\${name}\`);
      }
    `;
    expect(screenshotsWrittenBy('test/firefox/made-up.spec.ts', source).files.toSorted()).toEqual([
      'firefox-links-keys-dark.png',
      'firefox-links-keys-light.png',
      'firefox-links-rows-dark.png',
      'firefox-links-rows-light.png',
    ]);
  });

  // In these plain strings `#{` stands for `${`.
  it.each([
    [
      'a name given no literal values',
      'async function check(name: string) { await screenshotBothThemes(page, `x-#{name}`); }',
      "in the screenshot's name `x-#{name}`, #{name} is given no literal values before it",
    ],
    [
      'a name that is no literal',
      'await screenshotBothThemes(page, name);',
      "the screenshot's name `name` is no literal",
    ],
    [
      'an expression in the template',
      'await screenshotBothThemes(page, `x-#{expected.lang}`);',
      "in the screenshot's name `x-#{expected.lang}`, #{expected.lang} is no plain name",
    ],
    [
      'a helper under another name',
      "import { screenshotLightAndDark as shot } from './language-helpers.ts';",
      'screenshotLightAndDark is imported under another name; call it by its own, so that its screenshots are seen here',
    ],
  ])('fails, naming the file and line, on %s', (_, source, problem) => {
    const template = (text: string) => text.replaceAll('#{', '${');
    expect(screenshotsWrittenBy('test/e2e/made-up.spec.ts', template(source)).problems).toEqual([
      `test/e2e/made-up.spec.ts:1: ${template(problem)}`,
    ]);
  });
});
