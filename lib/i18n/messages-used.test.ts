import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readMessages } from '../../test/support/messages-in-node.ts';
import { API_ERROR_SENTENCES } from '../api/errors.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the extension's code names its messages: its pages, its libraries and its manifest. */
const CODE_PLACES = ['components', 'entrypoints', 'lib', 'wxt.config.ts'];

/**
 * The keys no code names whole, because the code builds them from a value where it reads them;
 * each family names the code that builds it. A key here must still be a key of en.
 */
const BUILT_KEYS = [
  // lib/wording/error-text.ts: `advice${kind}_${place}`, for each SettingsPlace.
  ...[
    'Unauthorized',
    'PaidPlan',
    'Network',
    'Timeout',
    'Unexpected',
    'BaseUrl',
    'Permission',
  ].flatMap((kind) => ['settings', 'accounts', 'here'].map((place) => `advice${kind}_${place}`)),
  // lib/wording/error-text.ts: `noticeCannotShorten_${source}` and the like, for each NoticeSource.
  ...['noticeCannotShorten', 'noticeCouldNotShorten'].flatMap((base) =>
    ['link', 'page'].map((source) => `${base}_${source}`),
  ),
  // lib/wording/error-text.ts's reasonKey: `apiError${Reason}`, one a reason of the client's own.
  ...Object.keys(API_ERROR_SENTENCES).map(
    (reason) => `apiError${reason.charAt(0).toUpperCase()}${reason.slice(1)}`,
  ),
];

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const english = readMessages('en');

/** The keys as code names them: a plural by its base (`waitSeconds` for `waitSeconds_one`). */
const namedKeys = [
  ...new Set(
    Object.keys(english).map((key) => {
      const base = PLURAL.exec(key)?.[1];
      return base && `${base}_other` in english ? base : key;
    }),
  ),
];

const codeText = CODE_PLACES.flatMap((place) => {
  const full = path.join(ROOT, place);
  const files = place.endsWith('.ts')
    ? [full]
    : readdirSync(full, { recursive: true, encoding: 'utf8' }).map((file) => path.join(full, file));
  return files
    .filter((file) => /\.(tsx?|html)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
    .map((file) => readFileSync(file, 'utf8'));
}).join('\n');

it('uses every message of en somewhere in the code, or builds it from a value', () => {
  const built = new Set(BUILT_KEYS);
  const unused = namedKeys.filter((key) => {
    if (built.has(key)) return false;
    const quoted = ["'", '"', '`'].some((quote) => codeText.includes(`${quote}${key}${quote}`));
    return !quoted && !codeText.includes(`__MSG_${key}__`);
  });
  expect(unused, 'messages no code uses: remove them from every language').toEqual([]);
});

it('allows only keys of en to be built', () => {
  expect(BUILT_KEYS.filter((key) => !(key in english))).toEqual([]);
});
