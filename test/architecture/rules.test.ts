// Each house rule, fed a made-up violation, fails with a sentence that names it: a rule that
// stopped checking would pass the real code silently, so it is proven here on purpose.
import { describe, expect, it } from 'vitest';
import {
  cycles,
  firstScriptChain,
  graphOf,
  lineProblems,
  mapProblems,
  mappedPlaces,
  purityProblems,
  type Room,
  readmeProblems,
  roomOf,
  roomProblems,
  tableProblems,
  zodChain,
} from './rules.ts';

const ROOMS: Room[] = [
  { room: 'contract', mayImport: [], holds: '' },
  { room: 'lib/api', mayImport: ['contract'], holds: '' },
  { room: 'lib/links', mayImport: ['contract', 'lib/api'], holds: '' },
  { room: 'lib/account', mayImport: ['contract', 'lib/api', 'lib/links'], holds: '' },
  { room: 'entrypoints/popup', mayImport: ['lib/account', 'lib/links'], holds: '' },
  { room: 'entrypoints/options', mayImport: ['lib/account', 'lib/links'], holds: '' },
  { room: 'server/storage', mayImport: ['contract'], holds: '' },
  { room: 'server/*', mayImport: ['contract', 'server/storage'], holds: '' },
];

describe('the table of rooms', () => {
  it('places a file in the room of its nearest folder, or of its own row', () => {
    expect(roomOf('lib/api/client.ts', ROOMS)).toBe('lib/api');
    expect(roomOf('entrypoints/options/links/import/x.ts', ROOMS)).toBe('entrypoints/options');
    expect(roomOf('server/app.ts', ROOMS)).toBe('server/*');
    expect(roomOf('server/new-room/x.ts', ROOMS)).toBeUndefined();
    expect(roomOf('lib/loose.ts', ROOMS)).toBeUndefined();
  });

  it('must list the rooms from the lowest up', () => {
    const upsideDown: Room[] = [
      { room: 'lib/api', mayImport: ['lib/account'], holds: '' },
      { room: 'lib/account', mayImport: ['lib/api', 'lib/ghost'], holds: '' },
      { room: 'lib/api', mayImport: [], holds: '' },
    ];
    expect(tableProblems(upsideDown)).toEqual([
      'The row of lib/api names lib/account, which is not a room above it: the table lists the rooms from the lowest up, so that imports run one way.',
      'The row of lib/account names lib/ghost, which is not a room above it: the table lists the rooms from the lowest up, so that imports run one way.',
      'The room lib/api has two rows.',
    ]);
    expect(tableProblems(ROOMS)).toEqual([]);
  });
});

describe('the imports between rooms', () => {
  it('name the file, the line and the rule of each import out of bounds', () => {
    const graph = graphOf({
      'lib/api/client.ts': "// a comment\nimport type { Settings } from '../account/settings.ts';",
      'lib/account/settings.ts': "import { LIMITS } from '../../contract/limits.ts';",
      'contract/limits.ts': 'export const LIMITS = {};',
      'server/app.ts':
        "import { Link } from '../contract/wire.ts';\nimport { title } from '../lib/links/title.ts';",
      'entrypoints/popup/App.tsx': "const list = () => import('../options/links/link-list.ts');",
      'entrypoints/options/links/link-list.ts':
        "import { x } from '../../../lib/account/settings.ts';",
    });
    expect(roomProblems(graph, ROOMS)).toEqual([
      "lib/api/client.ts:2 imports '../account/settings.ts' (lib/account), but lib/api may import only contract (test/architecture/rooms.ts).",
      "server/app.ts:2 imports '../lib/links/title.ts' (lib/links), but server/* may import only contract, server/storage (test/architecture/rooms.ts).",
      "entrypoints/popup/App.tsx:1 imports '../options/links/link-list.ts' (entrypoints/options), but entrypoints/popup may import only lib/account, lib/links (test/architecture/rooms.ts).",
    ]);
  });

  it('find a cycle, a type-only one too', () => {
    const graph = graphOf({
      'lib/a.ts': "import type { B } from './b.ts';",
      'lib/b.ts': "import { a } from './a.ts';",
      'lib/c.ts': "import { a } from './a.ts';",
    });
    expect(cycles(graph)).toEqual([['lib/a.ts', 'lib/b.ts']]);
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
    const typesOnly = graphOf({
      'entrypoints/popup/main.tsx': "import { a } from './a.ts';",
      'entrypoints/popup/a.ts': "import { type B } from '../../lib/b.ts';",
      'lib/b.ts': "import * as z from 'zod/mini';",
    });
    expect(zodChain(typesOnly, 'entrypoints/popup/main.tsx')).toBeUndefined();
  });

  it("finds a style in the popup's first script, but not one a chunk loaded later brings", () => {
    const graph = graphOf({
      'entrypoints/popup/main.tsx': [
        "import css from './popup.css?inline';",
        "import { a } from './a.ts';",
        "const later = () => import('./later.ts');",
      ].join('\n'),
      'entrypoints/popup/a.ts': "import './links.css';",
      'entrypoints/popup/later.ts': "import css from './campaigns.css?inline';",
    });
    const notPopupCss = (imported: { specifier: string }) =>
      /\.css(\?|$)/.test(imported.specifier) && !imported.specifier.startsWith('./popup.css');
    expect(firstScriptChain(graph, 'entrypoints/popup/main.tsx', notPopupCss)).toEqual([
      'entrypoints/popup/main.tsx',
      'entrypoints/popup/a.ts',
      "'./links.css'",
    ]);
    graph.set('entrypoints/popup/a.ts', []);
    expect(firstScriptChain(graph, 'entrypoints/popup/main.tsx', notPopupCss)).toBeUndefined();
  });
});

describe('the pure rules', () => {
  const pure = (file: string) => file.startsWith('lib/links/') || file.startsWith('contract/');

  it('take no messages, no browser and no storage, but may take types', () => {
    const texts = {
      'lib/links/title.ts': [
        "import type { Link } from '../account/account.ts';",
        "import { t } from '../i18n/t.ts';",
        "import { useState } from 'react';",
        "import * as z from 'zod/mini';",
        "import { LIMITS } from '../../contract/limits.ts';",
        '// browser.storage is named in a comment, which is fine',
        'export const tab = () => browser.tabs.query({});',
        "export const get = () => fetch('/x');",
      ].join('\n'),
      'lib/account/account.ts': 'export type Link = {};',
      'lib/i18n/t.ts': 'export const t = () => "";',
      'contract/limits.ts': 'export const LIMITS = {};',
    };
    expect(purityProblems(texts, graphOf(texts), pure)).toEqual([
      "lib/links/title.ts:2 imports '../i18n/t.ts', which is not pure, but lib/links/title.ts is a pure rule: return a code and let lib/wording or the page say it.",
      "lib/links/title.ts:3 imports 'react', but lib/links/title.ts is a pure rule: it takes values and returns values or codes.",
      "lib/links/title.ts:7 uses 'browser.', but lib/links/title.ts is a pure rule and runs without a browser.",
      "lib/links/title.ts:8 uses 'fetch(', but lib/links/title.ts is a pure rule and runs without a browser.",
    ]);
  });
});

describe('the sizes', () => {
  const lines = (count: number) =>
    `${Array.from({ length: count }, (_, n) => `// ${n}`).join('\n')}\n`;

  it('stop a production module at 350 lines', () => {
    expect(lineProblems({ 'lib/ok.ts': lines(350), 'lib/big.ts': lines(351) })).toEqual([
      'lib/big.ts:351 is past the limit: lib/big.ts has 351 lines, and a production module stops at 350; split it along its concerns.',
    ]);
  });

  it('stop README.md at 400 lines', () => {
    expect(readmeProblems(lines(400))).toEqual([]);
    expect(readmeProblems(lines(401))).toEqual([
      'README.md:401 is past the limit: README.md has 401 lines and stops at 400; move the detail to docs/.',
    ]);
  });
});

describe('the map in docs/architecture.md', () => {
  const doc = [
    '# Architecture',
    '## The map',
    '```',
    'contract/              what both read',
    'lib/                   the extension',
    '  api/                 the client',
    '                       and more words, client.ts',
    'wxt.config.ts          the build',
    'server/                the service',
    '  app.ts, service.ts   the wiring',
    '  cli/                 the options; cli.ts is the command',
    '```',
  ].join('\n');

  it('names each room once it has its line', () => {
    expect([...mappedPlaces(doc)]).toEqual(
      expect.arrayContaining([
        'contract/',
        'lib/api/',
        'lib/client.ts',
        'wxt.config.ts',
        'server/app.ts',
        'server/cli/',
        'server/cli.ts',
      ]),
    );
    const rooms: Room[] = [
      'contract',
      'lib/api',
      'wxt.config.ts',
      'server/*',
      'server/cli',
      'server/cli.ts',
    ].map((room) => ({ room, mayImport: [], holds: '' }));
    expect(mapProblems(doc, rooms)).toEqual([]);
  });

  it('says which room has no line', () => {
    const rooms: Room[] = [{ room: 'lib/bulk', mayImport: [], holds: '' }];
    expect(mapProblems(doc, rooms)).toEqual([
      `docs/architecture.md's map does not name the room lib/bulk: give it a line under "## The map".`,
    ]);
  });
});
