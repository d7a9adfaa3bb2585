// The house rules of the code (docs/architecture.md), held by a test: which room may import which,
// that the pure rooms stay pure, that no module outgrows 350 lines, that README stays readable, and
// that the popup's first script stays free of zod and of the styles of the parts drawn after its form. Each broken rule fails with a sentence naming
// the file and the line. The second half feeds each rule a made-up violation, so a rule that
// silently stopped checking would fail too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPure, ROOMS } from './architecture/rooms.ts';
import {
  cycles,
  firstScriptChain,
  graphOf,
  lineProblems,
  mapProblems,
  purityProblems,
  readmeProblems,
  roomOf,
  roomProblems,
  tableProblems,
  zodChain,
} from './architecture/rules.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCTION = ['contract', 'lib', 'components', 'entrypoints', 'server'];
const CODE = /\.tsx?$/;
const MODULE = /\.(tsx?|css)$/;
const NOT_PRODUCTION = /\.test\.tsx?$|\.d\.ts$/;
const POPUP_ENTRY = 'entrypoints/popup/main.tsx';
/** The styles the popup's form is drawn with: the only ones its first script may carry. */
const POPUP_FORM_STYLES = ['components/ui/theme.css', 'entrypoints/popup/popup.css'];

function filesUnder(folder: string, pattern: RegExp): string[] {
  if (!existsSync(path.join(ROOT, folder))) return [];
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .filter((file) => pattern.test(file) && !NOT_PRODUCTION.test(file));
}
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const textsOf = (files: string[]) => Object.fromEntries(files.map((file) => [file, read(file)]));

describe('the house rules', () => {
  const code = textsOf([
    ...PRODUCTION.flatMap((folder) => filesUnder(folder, CODE)),
    'wxt.config.ts',
  ]);
  const graph = graphOf(code, (file) => existsSync(path.join(ROOT, file)));

  it('reads the imports it checks: static, type-only, side-effect and dynamic', () => {
    const popup = graph.get(POPUP_ENTRY) ?? [];
    expect(popup).toContainEqual(
      expect.objectContaining({ target: 'lib/settings/settings.ts', typeOnly: true }),
    );
    expect(popup).toContainEqual(
      expect.objectContaining({ target: 'lib/settings/settings.ts', dynamic: true }),
    );
    expect(popup).toContainEqual(
      expect.objectContaining({ target: 'entrypoints/popup/early-start.ts', typeOnly: false }),
    );
    expect(graph.size).toBeGreaterThan(150);
  });

  it('keeps its table in order: each room names only rooms below it, and each exists', () => {
    const empty = ROOMS.map(({ room }) => room)
      .filter((room) => !room.endsWith('.ts'))
      .filter((room) => {
        const folder = room.replace(/\/\*$/, '');
        const files = filesUnder(folder, MODULE);
        return room.endsWith('/*')
          ? !files.some((file) => path.posix.dirname(file) === folder)
          : files.length === 0;
      })
      .map((room) => `The room ${room} in test/architecture/rooms.ts holds no module.`);
    expect([...tableProblems(ROOMS), ...empty]).toEqual([]);
  });

  it('has each room on the map in docs/architecture.md', () => {
    expect(mapProblems(read('docs/architecture.md'), ROOMS)).toEqual([]);
  });

  it('puts every production module in a room of the table', () => {
    const homeless = [...graph.keys()]
      .filter((file) => roomOf(file, ROOMS) === undefined)
      .map(
        (file) =>
          `${file} is in no room: add its folder to test/architecture/rooms.ts, with what it may import, and a line to docs/architecture.md.`,
      );
    expect(homeless).toEqual([]);
  });

  it('lets each room import only the rooms its row names', () => {
    expect(roomProblems(graph, ROOMS)).toEqual([]);
  });

  it('keeps the pure rooms pure: no messages, no browser, no storage', () => {
    expect(purityProblems(code, graph, isPure)).toEqual([]);
  });

  it('has no import cycle among production modules, type imports included', () => {
    const sentences = cycles(graph).map(
      (cycle) => `These files import each other in a cycle: ${cycle.join(', ')}.`,
    );
    expect(sentences).toEqual([]);
  });

  it('keeps every production module to 350 lines', () => {
    const modules = PRODUCTION.flatMap((folder) => filesUnder(folder, MODULE));
    expect(lineProblems(textsOf(modules))).toEqual([]);
  });

  it('keeps README.md to 400 lines', () => {
    expect(readmeProblems(read('README.md'))).toEqual([]);
  });

  it("keeps the styles of the parts drawn after the popup's form out of its first script", () => {
    const chain = firstScriptChain(
      graph,
      POPUP_ENTRY,
      (imported) =>
        /\.css(\?|$)/.test(imported.specifier) &&
        !POPUP_FORM_STYLES.includes(imported.target ?? ''),
    );
    expect(
      chain &&
        `The popup's first script carries styles its form is not drawn with: ${chain.join(' → ')}; let the chunk that draws their part bring them (entrypoints/popup/later-styles.ts).`,
    ).toBeUndefined();
  });

  it("keeps the copy formats' text making out of the popup's first script", () => {
    // The form needs the formats' names (the stored preference is checked against them), not the
    // Markdown and HTML making: that comes with the result, in the chunk after the form.
    const chain = firstScriptChain(
      graph,
      POPUP_ENTRY,
      (imported) => imported.target === 'lib/links/copy-formats.ts',
    );
    expect(
      chain &&
        `The popup's first script carries the copy formats: ${chain.join(' → ')}; import the names from lib/links/copy-format-names.ts.`,
    ).toBeUndefined();
  });

  it("keeps zod out of the popup's first script", () => {
    const chain = zodChain(graph, POPUP_ENTRY);
    expect(
      chain && `The popup's first script reaches zod: ${chain.join(' → ')}; load it dynamically.`,
    ).toBeUndefined();
  });
});
