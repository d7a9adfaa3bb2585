// The rules the architecture test holds, as functions over texts, so that the test can prove each
// one on a made-up violation (rules.test.ts). The import graph is read from the sources as text:
// static imports and re-exports (type-only ones too) and `import('…')` with a literal path.
import path from 'node:path';

export type Import = {
  /** As written: `'../api/client.ts'`, `'zod/mini'`. */
  specifier: string;
  /** The file it names, relative to the root; undefined for a package. */
  target?: string;
  /** Where the import starts in its file, from 1. */
  line: number;
  dynamic: boolean;
  /** Erased by the build: `import type`, `export type`, or every name in the braces a type. */
  typeOnly: boolean;
};
export type Graph = Map<string, Import[]>;

/** One row of the table: a folder (or `folder/*`, its files alone, or one file) and what it may import. */
export type Room = {
  room: string;
  /** Rooms listed above this one, or paths outside the production folders (public/_locales). */
  mayImport: string[];
  /** What it holds, as docs/architecture.md says it. */
  holds: string;
};

const STATIC = /^[ \t]*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
export const LINE_LIMIT = 350;
export const README_LIMIT = 400;

function allNamesAreTypes(clause: string): boolean {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? '').split(',').filter((name) => name.trim() !== '');
  return names.length > 0 && names.every((name) => /^\s*type\s/.test(name));
}

function resolve(from: string, specifier: string, exists: (file: string) => boolean) {
  if (!specifier.startsWith('.')) return undefined;
  const bare = path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [bare, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`];
  return candidates.find(exists) ?? bare;
}

/** Source text without its comments, line breaks kept, so that lines still count. */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => (/^\s*\/\//.test(line) ? '' : line))
    .join('\n');
}

export function importsOf(file: string, text: string, exists: (file: string) => boolean): Import[] {
  const code = withoutComments(text);
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const found: Import[] = [];
  const add = (specifier: string, index: number, dynamic: boolean, typeOnly: boolean) =>
    found.push({
      specifier,
      target: resolve(file, specifier, exists),
      line: lineAt(index),
      dynamic,
      typeOnly,
    });
  for (const match of code.matchAll(STATIC)) {
    const [, , typeWord, clause = '', specifier = ''] = match;
    add(specifier, match.index, false, typeWord !== undefined || allNamesAreTypes(clause.trim()));
  }
  for (const match of code.matchAll(BARE)) add(match[1] ?? '', match.index, false, false);
  for (const match of code.matchAll(DYNAMIC)) add(match[1] ?? '', match.index, true, false);
  return found;
}

export function graphOf(
  texts: Record<string, string>,
  exists: (file: string) => boolean = (file) => file in texts,
): Graph {
  return new Map(
    Object.entries(texts).map(([file, text]) => [file, importsOf(file, text, exists)]),
  );
}

/** The room a file lives in: the row for the file itself, else its nearest folder's. */
export function roomOf(file: string, rooms: Room[]): string | undefined {
  const names = new Set(rooms.map(({ room }) => room));
  if (names.has(file)) return file;
  const parts = file.split('/');
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const folder = parts.slice(0, depth).join('/');
    if (depth === parts.length - 1 && names.has(`${folder}/*`)) return `${folder}/*`;
    if (names.has(folder)) return folder;
  }
  return undefined;
}

const within = (file: string, place: string) => file === place || file.startsWith(`${place}/`);

/** The table reads from the lowest room up: a row names only rooms above it in the list. */
export function tableProblems(rooms: Room[]): string[] {
  const problems: string[] = [];
  const names = rooms.map(({ room }) => room);
  rooms.forEach(({ room, mayImport }, index) => {
    if (names.indexOf(room) !== index) problems.push(`The room ${room} has two rows.`);
    for (const other of mayImport) {
      // A row may name a room, one file of a room, or a place outside the production folders.
      const at = names.indexOf(roomOf(other, rooms) ?? other);
      if (at === -1 && !PRODUCTION_FOLDERS.some((folder) => within(other, folder))) continue;
      if (at === -1 || at >= index) {
        problems.push(
          `The row of ${room} names ${other}, which is not a room above it: the table lists the rooms from the lowest up, so that imports run one way.`,
        );
      }
    }
  });
  return problems;
}
const PRODUCTION_FOLDERS = ['contract', 'lib', 'components', 'entrypoints', 'server'];

/** Every import that leaves its room for a room its row does not name, as a sentence. */
export function roomProblems(graph: Graph, rooms: Room[]): string[] {
  const problems: string[] = [];
  for (const [file, imports] of graph) {
    const room = roomOf(file, rooms);
    const row = rooms.find((candidate) => candidate.room === room);
    if (!row) continue;
    for (const imported of imports) {
      if (!imported.target) continue;
      const targetRoom = roomOf(imported.target, rooms);
      if (targetRoom === room) continue;
      const allowed = row.mayImport.some(
        (place) => targetRoom === place || within(imported.target ?? '', place),
      );
      if (allowed) continue;
      const names = row.mayImport.length > 0 ? row.mayImport.join(', ') : 'nothing outside itself';
      problems.push(
        `${file}:${imported.line} imports '${imported.specifier}' (${targetRoom ?? imported.target}), but ${room} may import only ${names} (test/architecture/rooms.ts).`,
      );
    }
  }
  return problems;
}

/** Packages that draw, talk to the browser or keep state: a pure rule takes values and returns values. */
const IMPURE_PACKAGES = /^(react|react-dom|wxt|@webext-core|idb-keyval|ky|uplot|lean-qr)(\/|$)/;
const IMPURE_GLOBALS =
  /\b(browser|chrome|document|window|localStorage|indexedDB|navigator)\s*\.|\bfetch\s*\(/;

/**
 * A pure file imports no impure package, takes nothing but types from an impure file, and touches
 * no browser global: it can run in the service, a worker or a test without a browser.
 */
export function purityProblems(
  texts: Record<string, string>,
  graph: Graph,
  pure: (file: string) => boolean,
): string[] {
  const problems: string[] = [];
  for (const [file, imports] of graph) {
    if (!pure(file)) continue;
    for (const imported of imports) {
      if (!imported.target && IMPURE_PACKAGES.test(imported.specifier)) {
        problems.push(
          `${file}:${imported.line} imports '${imported.specifier}', but ${file} is a pure rule: it takes values and returns values or codes.`,
        );
      } else if (imported.target && !imported.typeOnly && !pure(imported.target)) {
        problems.push(
          `${file}:${imported.line} imports '${imported.specifier}', which is not pure, but ${file} is a pure rule: return a code and let lib/wording or the page say it.`,
        );
      }
    }
    withoutComments(texts[file] ?? '')
      .split('\n')
      .forEach((line, index) => {
        const global = line.match(IMPURE_GLOBALS);
        if (global) {
          problems.push(
            `${file}:${index + 1} uses '${global[0].trim()}', but ${file} is a pure rule and runs without a browser.`,
          );
        }
      });
  }
  return problems;
}

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

export function lineProblems(texts: Record<string, string>): string[] {
  return Object.entries(texts)
    .filter(([, text]) => lineCount(text) > LINE_LIMIT)
    .map(
      ([file, text]) =>
        `${file}:${LINE_LIMIT + 1} is past the limit: ${file} has ${lineCount(text)} lines, and a production module stops at ${LINE_LIMIT}; split it along its concerns.`,
    );
}

export function readmeProblems(readme: string): string[] {
  const lines = lineCount(readme);
  return lines > README_LIMIT
    ? [
        `README.md:${README_LIMIT + 1} is past the limit: README.md has ${lines} lines and stops at ${README_LIMIT}; move the detail to docs/.`,
      ]
    : [];
}

/** The import cycles among the graph's files (Tarjan's strongly connected components). */
export function cycles(graph: Graph): string[][] {
  const edges = (file: string) =>
    (graph.get(file) ?? [])
      .map((imported) => imported.target)
      .filter((target): target is string => target !== undefined && graph.has(target));
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
export function zodChain(graph: Graph, entry: string): string[] | undefined {
  return firstScriptChain(graph, entry, (imported) => /^zod(\/|$)/.test(imported.specifier));
}

/**
 * The first chain of static imports from `entry` (what its first script holds) to an import that
 * `matches`, ending with that import's specifier; undefined when none is reached.
 */
export function firstScriptChain(
  graph: Graph,
  entry: string,
  matches: (imported: Import) => boolean,
): string[] | undefined {
  const seen = new Set([entry]);
  const queue: string[][] = [[entry]];
  for (let chain = queue.shift(); chain; chain = queue.shift()) {
    for (const imported of graph.get(chain.at(-1) ?? '') ?? []) {
      if (imported.dynamic || imported.typeOnly) continue;
      if (matches(imported)) return [...chain, `'${imported.specifier}'`];
      if (imported.target && !seen.has(imported.target)) {
        seen.add(imported.target);
        queue.push([...chain, imported.target]);
      }
    }
  }
  return undefined;
}

/**
 * The places the map in docs/architecture.md names: its first code block after "## The map", a
 * folder per line (`lib/` at the left, `  i18n/` under it) and any file a line mentions.
 */
export function mappedPlaces(doc: string): Set<string> {
  const block = doc.split('## The map')[1]?.split('```')[1] ?? '';
  const places = new Set<string>();
  let parent = '';
  for (const line of block.split('\n')) {
    const entry = line.match(/^( *)(\S.*?)(?: {2,}|$)/);
    if (!entry) continue;
    const [, indent = '', names = ''] = entry;
    if (indent.length === 0) parent = '';
    const base = indent.length === 0 ? '' : parent;
    for (const name of names.split(/,\s*/)) places.add(base + name);
    if (indent.length === 0 && names.endsWith('/')) parent = names;
    for (const [file] of line.matchAll(/[\w-]+\.tsx?\b/g)) places.add(parent + file);
  }
  return places;
}

/** The rooms the map does not name, as sentences. */
export function mapProblems(doc: string, rooms: Room[]): string[] {
  const places = mappedPlaces(doc);
  return rooms
    .map(({ room }) => room)
    .filter((room) => {
      const place = room.endsWith('/*') ? room.slice(0, -1) : room;
      return !places.has(/\.tsx?$/.test(place) || place.endsWith('/') ? place : `${place}/`);
    })
    .map(
      (room) =>
        `docs/architecture.md's map does not name the room ${room}: give it a line under "## The map".`,
    );
}
