// The layering of the code, held by a test (docs/architecture.md): each rule fails with a sentence
// naming the importing file and the import. The import graph is read from the sources as text:
// static imports and re-exports (type-only ones too) and `import('…')` with a literal path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Import = {
  /** As written: `'../api/client.ts'`, `'zod/mini'`. */
  specifier: string;
  /** The file it names, relative to the root; undefined for a package. */
  target?: string;
  dynamic: boolean;
  /** Erased by the build: `import type`, `export type`, or every name in the braces a type. */
  typeOnly: boolean;
};
type Graph = Map<string, Import[]>;

const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCTION = ['contract', 'lib', 'entrypoints', 'components', 'server'];
const SOURCE = /\.tsx?$/;
const NOT_PRODUCTION = /\.test\.tsx?$|\.d\.ts$/;

/** Type-only cycles being removed on another branch: each entry breaks the cycle it names. */
const KNOWN_CYCLE_IMPORTS: { from: string; to: string }[] = [];

const STATIC = /^[ \t]*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function allNamesAreTypes(clause: string): boolean {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? '').split(',').filter((name) => name.trim() !== '');
  return names.length > 0 && names.every((name) => /^\s*type\s/.test(name));
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const bare = path.join(path.dirname(from), specifier.replace(/\?.*$/, ''));
  const found = [bare, `${bare}.ts`, `${bare}.tsx`, path.join(bare, 'index.ts')].find((file) =>
    existsSync(path.join(ROOT, file)),
  );
  return (found ?? bare).split(path.sep).join('/');
}

/** The imports of one source text; comment lines are left out. */
function importsOf(file: string, text: string): Import[] {
  const code = text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');
  const found: Import[] = [];
  const add = (specifier: string, dynamic: boolean, typeOnly: boolean) =>
    found.push({ specifier, target: resolve(file, specifier), dynamic, typeOnly });
  for (const [, , typeWord, clause = '', specifier = ''] of code.matchAll(STATIC)) {
    add(specifier, false, typeWord !== undefined || allNamesAreTypes(clause.trim()));
  }
  for (const [, specifier = ''] of code.matchAll(BARE)) add(specifier, false, false);
  for (const [, specifier = ''] of code.matchAll(DYNAMIC)) add(specifier, true, false);
  return found;
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .filter((file) => SOURCE.test(file) && !NOT_PRODUCTION.test(file));
}

function readGraph(): Graph {
  const files = PRODUCTION.flatMap(sourcesUnder);
  return new Map(
    files.map((file) => [file, importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))]),
  );
}

const says = (file: string, imported: Import) => `${file} imports '${imported.specifier}'`;

/** Top-level lib/ modules that are not use cases: the contract and plain shared tables. */
const SHARED_LIB = new Set([
  'contract/wire.ts',
  'contract/limits.ts',
  'contract/import-rows.ts',
  'lib/settings/build-config.ts',
  'lib/links/display-host.ts',
  'lib/wording/error-text.ts',
]);
const isUseCase = (file: string) => /^lib\/[^/]+\.tsx?$/.test(file) && !SHARED_LIB.has(file);
const pageOf = (file: string) => file.match(/^entrypoints\/([^/.]+)/)?.[1];

/** Every import that breaks a layering rule, as a sentence. */
function layeringProblems(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [file, imports] of graph) {
    for (const imported of imports) {
      const target = imported.target ?? '';
      if (file.startsWith('lib/api/') && target.startsWith('lib/account/')) {
        problems.push(
          `${says(file, imported)}: lib/api (HTTP) sits below the account layer and must not import lib/account.`,
        );
      }
      if (file.startsWith('lib/browser/') && isUseCase(target)) {
        problems.push(
          `${says(file, imported)}: lib/browser wraps the platform and must not import a use case (${target}); let the entrypoint pass it in.`,
        );
      }
      if (file.startsWith('server/') && imported.target && !target.startsWith('server/')) {
        // contract/: everything both sides must read alike (fields, limits, import columns).
        if (!target.startsWith('contract/')) {
          problems.push(
            `${says(file, imported)}: the service shares only the contract (contract/) with the extension.`,
          );
        }
      }
      const page = pageOf(file);
      const other = pageOf(target);
      if (page && other && page !== other) {
        problems.push(
          `${says(file, imported)}: the page '${page}' must not import the page '${other}'; move what both need to components/ or lib/.`,
        );
      }
    }
  }
  return problems;
}

/** The import cycles among the graph's files (Tarjan's strongly connected components). */
function cycles(graph: Graph, ignored = KNOWN_CYCLE_IMPORTS): string[][] {
  const edges = (file: string) =>
    (graph.get(file) ?? [])
      .map((imported) => imported.target)
      .filter((target): target is string => target !== undefined && graph.has(target))
      .filter((target) => !ignored.some((edge) => edge.from === file && edge.to === target));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const target of edges(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || edges(file).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The chain of static, non-type imports from `entry` to zod, or undefined when there is none. */
function zodChain(graph: Graph, entry: string): string[] | undefined {
  const seen = new Set([entry]);
  const queue: string[][] = [[entry]];
  for (let chain = queue.shift(); chain; chain = queue.shift()) {
    for (const imported of graph.get(chain.at(-1) ?? '') ?? []) {
      if (imported.dynamic || imported.typeOnly) continue;
      if (/^zod(\/|$)/.test(imported.specifier)) return [...chain, `'${imported.specifier}'`];
      if (imported.target && !seen.has(imported.target)) {
        seen.add(imported.target);
        queue.push([...chain, imported.target]);
      }
    }
  }
  return undefined;
}

const POPUP_ENTRY = 'entrypoints/popup/main.tsx';

describe('the layering of the code', () => {
  const graph = readGraph();

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
    expect(graph.size).toBeGreaterThan(100);
  });

  it('keeps lib/api, lib/browser, server/ and each page to their layer', () => {
    expect(layeringProblems(graph)).toEqual([]);
  });

  it('has no import cycle among production modules', () => {
    const sentences = cycles(graph).map(
      (cycle) => `These files import each other in a cycle: ${cycle.join(', ')}.`,
    );
    expect(sentences).toEqual([]);
  });

  it('lists only known cycles that are still there', () => {
    const gone = KNOWN_CYCLE_IMPORTS.filter(
      ({ from, to }) =>
        !cycles(graph, []).some((cycle) => cycle.includes(from) && cycle.includes(to)),
    ).map(({ from, to }) => `The cycle through ${from} → ${to} is gone: delete its exception.`);
    expect(gone).toEqual([]);
  });

  it("keeps zod out of the popup's first script", () => {
    const chain = zodChain(graph, POPUP_ENTRY);
    expect(
      chain && `The popup's first script reaches zod: ${chain.join(' → ')}; load it dynamically.`,
    ).toBeUndefined();
  });
});

describe('the layering checks themselves', () => {
  const graphOf = (files: Record<string, string>): Graph =>
    new Map(Object.entries(files).map(([file, text]) => [file, importsOf(file, text)]));

  it('name the file and the import of each broken rule', () => {
    const problems = layeringProblems(
      graphOf({
        'lib/api/client.ts': "import type { Settings } from '../account/settings.ts';",
        'lib/browser/menus.ts': "import { shortenPage } from '../shorten.ts';",
        'lib/browser/notifications.ts': "import { LIMITS } from '../../contract/limits.ts';",
        'server/app.ts':
          "import { Link } from '../contract/wire.ts';\nimport { x } from '../lib/links/title.ts';",
        'server/import/run.ts': "import { readImportText } from '../../contract/import-rows.ts';",
        'entrypoints/popup/App.tsx': "const f = () => import('../options/links/link-list.ts');",
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^lib\/api\/client.ts imports '..\/account\/settings.ts': lib\/api/),
      expect.stringMatching(/^lib\/browser\/menus.ts imports '..\/shorten.ts': .*use case/),
      expect.stringMatching(/^server\/app.ts imports '..\/lib\/links\/title.ts': the service/),
      expect.stringMatching(
        /^entrypoints\/popup\/App.tsx imports .* the page 'popup' .* 'options'/,
      ),
    ]);
  });

  it('find a cycle, a type-only one too, and leave out a known one', () => {
    const graph = graphOf({
      'lib/a.ts': "import type { B } from './b.ts';",
      'lib/b.ts': "import { a } from './a.ts';",
      'server/app.ts': "import type { ClickCounter } from './clicks/clicks.ts';",
      'server/clicks/clicks.ts': "import type { Logger } from '../app.ts';",
    });
    const known = [{ from: 'server/clicks/clicks.ts', to: 'server/app.ts' }];
    expect(cycles(graph, known)).toEqual([['lib/a.ts', 'lib/b.ts']]);
    expect(cycles(graph)).toHaveLength(2);
  });

  it('follow static imports to zod, but not type-only or dynamic ones', () => {
    const graph = graphOf({
      'entrypoints/popup/main.tsx':
        "import { a } from './a.ts';\nimport type { S } from './s.ts';\nconst l = () => import('./s.ts');",
      'entrypoints/popup/a.ts': "import {\n  b,\n  type B,\n} from '../../lib/b.ts';",
      'entrypoints/popup/s.ts': "import * as z from 'zod';",
      'lib/b.ts': "import * as z from 'zod/mini';",
    });
    expect(zodChain(graph, 'entrypoints/popup/main.tsx')).toEqual([
      'entrypoints/popup/main.tsx',
      'entrypoints/popup/a.ts',
      'lib/b.ts',
      "'zod/mini'",
    ]);
    graph.set(
      'entrypoints/popup/a.ts',
      importsOf('entrypoints/popup/a.ts', "import { type B } from '../../lib/b.ts';"),
    );
    expect(zodChain(graph, 'entrypoints/popup/main.tsx')).toBeUndefined();
  });
});
