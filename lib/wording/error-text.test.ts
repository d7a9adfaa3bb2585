import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../contract/limits.ts';
import { LOCALES_DIR, readMessages, withoutIsolates } from '../../test/support/messages-in-node.ts';
import { speak } from '../../test/support/speak.ts';
import { apiErrorFromResponse } from '../api/error-body.ts';
import {
  API_ERROR_SENTENCES,
  ApiError,
  ApiErrorKind,
  type ApiErrorReason,
  ownApiError,
} from '../api/errors.ts';
import {
  adviceFor,
  describeApiError,
  ERROR_TEXT,
  type ErrorPlaces,
  isFixedInSettings,
  isWorthRetrying,
} from './error-text.ts';

const KINDS = ApiErrorKind.options;
const HERE: ErrorPlaces = { settings: 'here' };
const SECTION: ErrorPlaces = { settings: 'accounts' };

describe('the error table', () => {
  it.each(KINDS)('has advice, a place and a retry answer for %s', (kind) => {
    const row = ERROR_TEXT[kind];
    expect(row, kind).toBeDefined();
    for (const places of [undefined, HERE, SECTION]) {
      expect(adviceFor(kind, places)).toMatch(/^[A-Z].*\.$/);
    }
    expect(['settings', 'service', null]).toContain(row.fixedIn);
    expect(typeof row.retry).toBe('boolean');
  });

  it('has a row for every kind and no other', () => {
    expect(Object.keys(ERROR_TEXT).sort()).toEqual([...KINDS].sort());
  });

  it('names the settings in the advice of exactly the kinds fixed there', () => {
    for (const kind of KINDS) {
      const fixedInSettings = ERROR_TEXT[kind].fixedIn === 'settings';
      expect(adviceFor(kind).includes('in the settings'), kind).toBe(fixedInSettings);
      expect(adviceFor(kind, SECTION).includes('in the Accounts section'), kind).toBe(
        fixedInSettings,
      );
    }
  });

  it('names no place at all where the person already is', () => {
    expect(adviceFor('unexpected_response', HERE)).toBe(
      'Check the API base URL: it may not point to a short-link service.',
    );
    expect(adviceFor('network', HERE)).toBe(
      'Check your connection and the API base URL, then retry.',
    );
    for (const kind of KINDS)
      expect(adviceFor(kind, HERE)).not.toMatch(/ in the (settings|Connection)/);
  });

  it.each([
    ['unauthorized', true, false],
    ['paid_plan_required', true, false],
    ['invalid_base_url', true, false],
    ['permission_missing', true, false],
    ['network', true, true],
    ['timeout', true, true],
    ['unexpected_response', true, true],
    ['server_error', false, true],
    ['rate_limited', false, true],
    ['invalid_input', false, false],
    ['back_half_taken', false, false],
    ['not_found', false, false],
  ] as const)('%s: fixed in the settings %s, worth a retry %s', (kind, settings, retry) => {
    const error = new ApiError(kind, 'x');
    expect(isFixedInSettings(error)).toBe(settings);
    expect(isWorthRetrying(error)).toBe(retry);
  });

  it.each([
    ['network', true],
    ['timeout', true],
    ['server_error', true],
    ['unexpected_response', true],
    ['rate_limited', false],
    ['invalid_input', false],
    ['back_half_taken', false],
    ['unauthorized', false],
  ] as const)('%s: the request may have done its work anyway: %s', (kind, mayHaveActed) => {
    expect(ERROR_TEXT[kind].mayHaveActed).toBe(mayHaveActed);
  });

  it('offers a retry, and not the settings, for errors of our own code', () => {
    expect(isFixedInSettings(new TypeError('boom'))).toBe(false);
    expect(isWorthRetrying(new TypeError('boom'))).toBe(true);
  });
});

describe('describeApiError', () => {
  it('names the place of the settings as the page asks', () => {
    const error = new ApiError('unauthorized', 'The service refused the API key.');
    expect(describeApiError(error, SECTION).advice).toBe(
      'Check the API key in the Accounts section.',
    );
    expect(describeApiError(new ApiError('not_found', 'Gone.'), SECTION).advice).toBe(
      adviceFor('not_found'),
    );
  });

  it('pairs the message with the advice of its kind', () => {
    expect(describeApiError(new ApiError('unauthorized', 'The API key is not valid.'))).toEqual({
      message: 'The API key is not valid.',
      advice: 'Check the API key in the settings.',
    });
  });

  it('tells how long to wait when the service said so', () => {
    const error = new ApiError('rate_limited', 'Slow down.', { retryAfterSeconds: 30 });
    expect(describeApiError(error).advice).toBe('Wait 30 seconds before you retry.');
    const soon = new ApiError('rate_limited', 'Slow down.', { retryAfterSeconds: 0 });
    expect(describeApiError(soon).advice).toBe('Wait 1 second before you retry.');
  });

  it('reads a kind it does not know, from another version, as an unexpected answer', () => {
    const foreign = Object.assign(new Error('Odd.'), { name: 'ApiError', kind: 'exploded' });
    expect(describeApiError(foreign).advice).toBe(adviceFor('unexpected_response'));
  });

  it('describes errors that are not ApiErrors too', () => {
    expect(describeApiError(new DOMException('Aborted', 'AbortError')).message).toBe(
      'The request was cancelled.',
    );
    expect(describeApiError(new Error('boom')).message).toBe('Something went wrong: boom');
  });
});

describe("the client's own sentences in the person's language", () => {
  let english = () => {};
  afterEach(() => english());
  const VALUES: Partial<Record<ApiErrorReason, (string | number)[]>> = {
    notAShortLink: ['https://example.com/'],
    answerLacksField: ['links.0.short_url'],
    redirect: ['https://api.example.com'],
    timeout: ['https://api.example.com', 2.5],
    unreachable: ['https://api.example.com'],
    nextPageElsewhere: ['https://elsewhere.example', 'https://api.example.com'],
    baseUrlNotAddress: ['api example'],
    baseUrlScheme: ['ftp:'],
    baseUrlNotHttps: ['api.example.com'],
    fieldRefused: ['back_half'],
    serviceFailed: ['502'],
    unexpectedStatus: ['418'],
  };
  const reasons = Object.keys(API_ERROR_SENTENCES) as ApiErrorReason[];
  const errorFor = (reason: ApiErrorReason) =>
    ownApiError('unexpected_response', reason, VALUES[reason] ?? []);

  it.each(reasons)('says %s in English exactly as the client writes it', (reason) => {
    const error = errorFor(reason);
    // The same words; addresses, hosts and fields isolated left to right.
    expect(withoutIsolates(describeApiError(error).message)).toBe(error.message);
  });

  it.each(reasons)('says %s in German from a message of its own', (reason) => {
    english = speak('de', 'de-DE');
    const error = errorFor(reason);
    const { message } = describeApiError(error);
    expect(message).not.toBe(error.message);
    for (const value of VALUES[reason] ?? []) {
      if (typeof value === 'string') expect(message).toContain(value);
    }
  });

  it('writes the seconds waited the German way, and a service’s own sentence as it was sent', () => {
    english = speak('de', 'de-DE');
    expect(describeApiError(errorFor('timeout')).message).toBe(
      'Der Dienst unter \u2066https://api.example.com\u2069 hat nicht innerhalb von 2,5 s geantwortet.',
    );
    const fromService = new ApiError('unauthorized', 'The API key is not valid.');
    expect(describeApiError(fromService).message).toBe('The API key is not valid.');
  });

  it('isolates the address left to right inside Arabic', () => {
    english = speak('ar');
    expect(describeApiError(errorFor('unreachable')).message).toBe(
      'تعذّر الوصول إلى الخدمة على \u2066https://api.example.com\u2069.',
    );
  });
});

describe("a service's sentence for a code of the contract", () => {
  let english = () => {};
  afterEach(() => english());
  const taken = () =>
    apiErrorFromResponse(409, {
      success: false,
      code: 'back_half_taken',
      message: 'The back-half "sale" is already taken on go.example. Choose another.',
      field: 'back_half',
    });

  it('is kept for a person who reads English, as it names more', () => {
    expect(describeApiError(taken()).message).toBe(
      'The back-half "sale" is already taken on go.example. Choose another.',
    );
  });

  it("is the client's sentence for the code in another language", () => {
    english = speak('de', 'de-DE');
    expect(describeApiError(taken()).message).toBe('Dieses Back-Half ist schon vergeben.');
    const unavailable = apiErrorFromResponse(503, {
      success: false,
      code: 'service_unavailable',
      message: 'The service cannot store data right now. Try again in 5 seconds.',
    });
    expect(describeApiError(unavailable).message).toBe(
      'Der Dienst konnte nicht antworten (HTTP 503).',
    );
  });

  it('stays the service’s words where only they say what is wrong (which domain, which rule)', () => {
    english = speak('de', 'de-DE');
    const unknownDomain = apiErrorFromResponse(400, {
      success: false,
      code: 'unknown_domain',
      message: 'The domain "go.example" has not been added to this account.',
      field: 'domain',
    });
    expect(describeApiError(unknownDomain).message).toBe(
      'The domain "go.example" has not been added to this account.',
    );
  });
});

describe('the codes of the tags feature, in each language', () => {
  let english = () => {};
  afterEach(() => english());
  const SERVICE_SENTENCE = 'The service’s own English sentence.';
  const tagCodes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) =>
    code.startsWith('tag_'),
  );
  const answerWith = (code: ErrorCode) =>
    apiErrorFromResponse(ERROR_CODES[code].status, {
      success: false,
      code,
      message: SERVICE_SENTENCE,
    });
  const OTHER_LANGUAGES = readdirSync(LOCALES_DIR).filter((locale) => locale !== 'en');

  it('are the three codes the service answers for tags', () => {
    expect(tagCodes.sort()).toEqual(['tag_limit_reached', 'tag_name_taken', 'tag_not_found']);
  });

  it.each(tagCodes.flatMap((code) => OTHER_LANGUAGES.map((locale) => [code, locale])))(
    'says %s in %s from a message of that language',
    (code, locale) => {
      english = speak(locale);
      const own = new Set(Object.values(readMessages(locale)).map((entry) => entry.message));
      const { message } = describeApiError(answerWith(code as ErrorCode));
      expect(message).not.toBe(SERVICE_SENTENCE);
      expect(own).toContain(message);
    },
  );

  it('says the limit reached in German, and keeps the service’s sentence in English', () => {
    expect(describeApiError(answerWith('tag_limit_reached')).message).toBe(SERVICE_SENTENCE);
    english = speak('de', 'de-DE');
    expect(describeApiError(answerWith('tag_limit_reached')).message).toBe(
      'Dieses Konto hat schon so viele Tags, wie es haben darf: Löschen Sie eines, bevor Sie ein weiteres hinzufügen.',
    );
  });
});
