// The rooms of the code and what each may import: the order docs/architecture.md draws, from the
// lowest room up. A room may import itself and the rooms its row names, nothing else; a row may
// name only rooms above it, so imports run one way. A new capability gets a row (and a line in
// docs/architecture.md) before its first file.
import type { Room } from './rules.ts';

const LIB_BASE = ['contract', 'lib/i18n', 'lib/api', 'lib/links', 'lib/wording', 'lib/browser'];
const LIB_DATA = [...LIB_BASE, 'lib/settings', 'lib/stats', 'lib/account'];
const LIB_USE_CASES = [
  ...LIB_DATA,
  'lib/tags',
  'lib/bulk',
  'lib/page-link',
  'lib/campaigns',
  'lib/import',
  'lib/deletions',
  'lib/omnibox',
  'lib/health',
  'lib/statistics',
];
const COMPONENTS = [
  'components/ui',
  'components/account',
  'components/stats',
  'components/campaigns',
  'components/shorten',
];
const SERVER_BASE = ['contract', 'server/storage', 'server/shared', 'server/http'];
const SERVER_ROOMS = [
  ...SERVER_BASE,
  'server/accounts',
  'server/clicks',
  'server/lists',
  'server/links',
  'server/import',
  'server/tags',
  'server/health-checks',
  'server/ops',
];

export const ROOMS: Room[] = [
  {
    room: 'contract',
    mayImport: [],
    holds: 'what both programs read alike: fields, limits, errors, import rows',
  },
  // The extension's lib/, lowest first.
  {
    room: 'lib/i18n',
    mayImport: ['public/_locales'],
    holds: 'messages, plurals and Intl formats in the UI language',
  },
  {
    room: 'lib/api',
    mayImport: ['contract'],
    holds: 'the HTTP client: the only code that knows URLs, headers and statuses',
  },
  {
    room: 'lib/links',
    mayImport: ['contract', 'lib/api'],
    holds: 'pure rules about a link: values in, values or codes out',
  },
  {
    room: 'lib/wording',
    mayImport: ['contract', 'lib/i18n', 'lib/api', 'lib/links'],
    holds: 'every sentence a person reads about a failure or a rule',
  },
  {
    room: 'lib/browser',
    mayImport: LIB_BASE.slice(0, 5),
    holds: "the platform's warts: clipboard, menus, permissions, tabs",
  },
  {
    room: 'lib/settings',
    mayImport: LIB_BASE,
    holds: 'the settings in storage: accounts, preferences, the build defaults',
  },
  {
    room: 'lib/stats',
    mayImport: [...LIB_BASE, 'lib/settings'],
    holds: "this browser's own record of clicks",
  },
  {
    room: 'lib/account',
    mayImport: [...LIB_BASE, 'lib/settings', 'lib/stats'],
    holds: "one account's data: client, caches, write-through",
  },
  {
    room: 'lib/tags',
    mayImport: LIB_DATA,
    holds: "an account's tags (calls, cache, name rules), a link's tags as shown, bulk edits",
  },
  { room: 'lib/bulk', mayImport: LIB_DATA, holds: 'the one rate-limited pool for bulk work' },
  {
    room: 'lib/page-link',
    mayImport: [...LIB_DATA, 'lib/bulk'],
    holds: 'a link for this page: popup, menu, command, one click, all tabs',
  },
  {
    room: 'lib/campaigns',
    mayImport: [...LIB_DATA, 'lib/bulk', 'lib/page-link'],
    holds: 'UTM values, links per channel, QR styles',
  },
  {
    room: 'lib/import',
    mayImport: [...LIB_DATA, 'lib/bulk', 'lib/page-link'],
    holds: 'the import: plan, runner, background job',
  },
  { room: 'lib/deletions', mayImport: LIB_DATA, holds: 'deletions waiting for their Undo' },
  { room: 'lib/omnibox', mayImport: LIB_DATA, holds: '`sl` in the address bar' },
  {
    room: 'lib/health',
    mayImport: [...LIB_DATA, 'lib/bulk'],
    holds: "destination health: a check asked for, the browser's own checks and their record",
  },
  {
    room: 'lib/statistics',
    mayImport: LIB_DATA,
    holds: "statistics from the service: a link's ranges and comparison, the account's overview",
  },
  // React pieces the pages share.
  {
    room: 'components/ui',
    mayImport: LIB_DATA,
    holds: 'the house controls: Modal, FormField, CopyButton, Disclosure, TagChip, notices, theme',
  },
  {
    room: 'components/account',
    mayImport: [...LIB_DATA, 'components/ui'],
    holds: 'the account and domain pickers and the hooks on the account object',
  },
  { room: 'components/stats', mayImport: [...LIB_DATA, 'components/ui'], holds: 'recent clicks' },
  {
    room: 'components/campaigns',
    mayImport: [...LIB_USE_CASES, 'components/ui'],
    holds: 'the QR code and its style',
  },
  {
    room: 'components/shorten',
    mayImport: [...LIB_USE_CASES, ...COMPONENTS.slice(0, 4)],
    holds: 'the shorten form, its result, a short link',
  },
  // The extension's pages and background, built by WXT; no page imports another.
  {
    room: 'entrypoints/offscreen',
    mayImport: ['lib/browser'],
    holds: "the page Chrome's service worker writes the clipboard through",
  },
  { room: 'entrypoints/*', mayImport: LIB_USE_CASES, holds: 'the background: wiring only' },
  { room: 'entrypoints/popup', mayImport: [...LIB_USE_CASES, ...COMPONENTS], holds: 'the popup' },
  {
    room: 'entrypoints/options',
    mayImport: [...LIB_USE_CASES, ...COMPONENTS],
    holds: 'the options page, a folder per section',
  },
  {
    room: 'wxt.config.ts',
    mayImport: [
      'lib/settings/build-config.ts',
      'lib/omnibox/keyword.ts',
      'scripts/build',
      'scripts/pseudo-locale.ts',
    ],
    holds: 'the build: plain values and build plugins only',
  },
  // The service, lowest first.
  {
    room: 'server/storage',
    mayImport: ['contract'],
    holds: 'the storage interface and its two engines, SQLite and PostgreSQL',
  },
  {
    room: 'server/shared',
    mayImport: ['contract', 'server/storage'],
    holds: 'what every room leans on: the clock, the log, the short domains',
  },
  {
    room: 'server/http',
    mayImport: SERVER_BASE.slice(0, 3),
    holds: 'the route table and OpenAPI, problems, rate limits, compression',
  },
  {
    room: 'server/accounts',
    mayImport: SERVER_BASE,
    holds: 'accounts, keys, domains and who may call',
  },
  {
    room: 'server/clicks',
    mayImport: [...SERVER_BASE, 'server/accounts'],
    holds: 'redirects, click counting and statistics',
  },
  {
    room: 'server/lists',
    mayImport: [...SERVER_BASE, 'server/clicks'],
    holds: 'GET /v1/links, written by a worker thread',
  },
  {
    room: 'server/links',
    mayImport: [...SERVER_BASE, 'server/accounts', 'server/clicks', 'server/lists'],
    holds: 'links and domains: routes and rules',
  },
  {
    room: 'server/import',
    mayImport: [...SERVER_BASE, 'server/accounts', 'server/links'],
    holds: 'the bulk import of a CSV file',
  },
  {
    room: 'server/tags',
    mayImport: [...SERVER_BASE, 'server/accounts', 'server/clicks', 'server/links'],
    holds: "an account's tags and the bulk edit of links",
  },
  {
    room: 'server/health-checks',
    mayImport: [...SERVER_BASE, 'server/accounts'],
    holds: 'destination health: the checker and its schedule, one check, the addresses refused',
  },
  {
    room: 'server/ops',
    mayImport: [...SERVER_BASE, 'server/clicks'],
    holds: 'metrics, health, backups',
  },
  {
    room: 'server/*',
    mayImport: SERVER_ROOMS,
    holds: 'the wiring: app.ts (the routes mounted), service.ts (the server and its shutdown)',
  },
  {
    room: 'server/cli',
    mayImport: [...SERVER_ROOMS, 'server/*'],
    holds: "the command line's options and commands",
  },
  {
    room: 'server/cli.ts',
    mayImport: [...SERVER_ROOMS, 'server/*', 'server/cli'],
    holds: 'the command: `node server/cli.ts`',
  },
  {
    room: 'server/bundle-entry.ts',
    mayImport: ['server/cli.ts', 'server/lists', 'server/shared', 'server/storage'],
    holds: "the one-file build's entry",
  },
];

/** Pure rules: values in, values or codes out; no messages, no browser, no storage. */
export const PURE = ['contract', 'lib/links', 'lib/campaigns/utm.ts', 'lib/campaigns/qr-style.ts'];
export const isPure = (file: string) =>
  PURE.some((place) => file === place || file.startsWith(`${place}/`));
