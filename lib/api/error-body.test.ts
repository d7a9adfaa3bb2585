import { describe, expect, it } from 'vitest';
import {
  type ErrorSample,
  FORBIDDEN_SAMPLES,
  NOT_TAKEN_SAMPLES,
  OWN_SERVICE_SAMPLES,
  TAKEN_SAMPLES,
} from '../../test/fixtures/error-bodies.ts';
import {
  apiErrorFromResponse,
  normalizeField,
  parseRetryAfter,
  readErrorBody,
} from './error-body.ts';
import type { ApiErrorKind } from './errors.ts';

describe('readErrorBody', () => {
  it.each([
    [
      'our service',
      { success: false, code: 'invalid_field', message: 'Too long.', field: 'title' },
      { message: 'Too long.', code: 'invalid_field', field: 'title' },
    ],
    ['a bare message', { message: 'Link not found' }, { message: 'Link not found' }],
    [
      'an error sentence',
      { error: 'Custom URL is already in use.' },
      { message: 'Custom URL is already in use.' },
    ],
    [
      'an OAuth error code with a description',
      { error: 'invalid_token', error_description: 'The access token expired' },
      { message: 'The access token expired', code: 'invalid_token' },
    ],
    [
      'a nested error object (Stripe style)',
      { error: { message: 'No such slug', code: 'resource_missing', param: 'slug' } },
      { message: 'No such slug', code: 'resource_missing', field: 'slug' },
    ],
    [
      'a nested error with a numeric code and a word status (Google style)',
      { error: { code: 409, message: 'Exists', status: 'ALREADY_EXISTS' } },
      { message: 'Exists', code: 'ALREADY_EXISTS' },
    ],
    [
      'a field map of lists (Rails style)',
      { errors: { back_half: ['has already been taken'] } },
      { message: 'back_half has already been taken', field: 'back_half' },
    ],
    [
      'a field map of strings',
      { errors: { destination_url: 'Must be a URL.' } },
      { message: 'Must be a URL.', field: 'destination_url' },
    ],
    [
      'a summary with a field map (Laravel style)',
      { message: 'The given data was invalid.', errors: { slug: ['The slug is taken.'] } },
      { message: 'The given data was invalid. The slug is taken.', field: 'slug' },
    ],
    [
      'an error list with param and msg (express-validator)',
      { errors: [{ param: 'url', msg: 'Invalid value', location: 'body' }] },
      { message: 'Invalid value', field: 'url' },
    ],
    [
      'an error list with a path list (zod issues)',
      { errors: [{ path: ['back_half'], message: 'Too long' }] },
      { message: 'Too long', field: 'back_half' },
    ],
    [
      'a JSON:API error list with a source pointer',
      {
        errors: [
          {
            status: '422',
            code: 'slug_taken',
            title: 'Invalid slug',
            detail: 'The slug is already in use.',
            source: { pointer: '/data/attributes/back_half' },
          },
        ],
      },
      { message: 'The slug is already in use.', code: 'slug_taken', field: 'back_half' },
    ],
    [
      'an RFC 7807 problem (Shlink style)',
      {
        type: 'https://shlink.io/api/error/non-unique-slug',
        title: 'Invalid custom slug',
        detail: 'Provided slug "spring" is already in use.',
        status: 400,
      },
      { message: 'Provided slug "spring" is already in use.', code: 'non-unique-slug' },
    ],
    [
      'an RFC 7807 problem with only a title',
      { type: 'about:blank', title: 'Unauthorized', status: 401 },
      { message: 'Unauthorized' },
    ],
    [
      'a FastAPI validation list',
      {
        detail: [{ loc: ['body', 'destination_url'], msg: 'invalid url', type: 'value_error.url' }],
      },
      { message: 'invalid url', code: 'value_error.url', field: 'destination_url' },
    ],
    [
      'a NestJS message list',
      { statusCode: 400, message: ['back_half must be shorter'], error: 'Bad Request' },
      { message: 'back_half must be shorter' },
    ],
    ['a bare code', { code: 'RATE_LIMITED' }, { code: 'RATE_LIMITED' }],
    ['a msg', { msg: 'Key expired' }, { message: 'Key expired' }],
    [
      'a summary without a full stop and an error list',
      { message: 'Validation failed', errors: [{ field: 'title', message: 'Too long' }] },
      { message: 'Validation failed: Too long', field: 'title' },
    ],
    [
      'a bare field map (Django REST)',
      { back_half: ['This back-half already exists.'] },
      { message: 'This back-half already exists.', field: 'back_half' },
    ],
    [
      'plain text',
      'Service temporarily unavailable\n',
      { message: 'Service temporarily unavailable' },
    ],
    ['JSON as text', '{"message":"Bad key"}', { message: 'Bad key' }],
    ['an HTML page', '<html><body><h1>502 Bad Gateway</h1></body></html>', {}],
    ['nothing', undefined, {}],
    ['an empty object', {}, {}],
    ['a number', 42, {}],
  ])('reads %s', (_, body, expected) => {
    expect(readErrorBody(body)).toEqual(expected);
  });

  it('shortens a very long message', () => {
    const { message } = readErrorBody({ message: 'x'.repeat(5000) });
    expect(message?.length).toBeLessThanOrEqual(300);
  });
});

describe('normalizeField', () => {
  it.each([
    ['back_half', 'back_half'],
    ['backHalf', 'back_half'],
    ['slug', 'back_half'],
    ['customUrl', 'back_half'],
    ['body.back_half', 'back_half'],
    ['url', 'destination_url'],
    ['long_url', 'destination_url'],
    ['title', 'title'],
    ['color', 'color'],
  ])('names %s as %s', (field, expected) => {
    expect(normalizeField(field)).toBe(expected);
  });
});

describe('apiErrorFromResponse', () => {
  const ours = (code: string, message: string, field?: string) => ({
    success: false,
    code,
    message,
    ...(field ? { field } : {}),
  });

  it.each<[number, unknown, ApiErrorKind]>([
    [400, ours('invalid_field', 'Bad URL.', 'destination_url'), 'invalid_input'],
    [422, { errors: { title: ['is too long'] } }, 'invalid_input'],
    [401, ours('unauthorized', 'The API key is not valid.'), 'unauthorized'],
    [403, ours('paid_plan_required', 'Paid plans only.'), 'paid_plan_required'],
    [403, { message: 'Please upgrade your subscription.' }, 'paid_plan_required'],
    [403, { message: 'Forbidden' }, 'unauthorized'],
    [404, ours('not_found', 'No link with this short URL.'), 'not_found'],
    [408, undefined, 'timeout'],
    [409, ours('back_half_taken', 'Taken.', 'back_half'), 'back_half_taken'],
    [413, ours('payload_too_large', 'Too big.'), 'invalid_input'],
    [429, ours('rate_limited', 'Slow down.'), 'rate_limited'],
    [500, ours('internal_error', 'Failed.'), 'server_error'],
    [502, '<html>Bad Gateway</html>', 'server_error'],
    [503, undefined, 'server_error'],
    [405, ours('method_not_allowed', 'PATCH is not allowed here.'), 'unexpected_response'],
    [302, undefined, 'unexpected_response'],
  ])('maps HTTP %i to its kind (%j)', (status, body, kind) => {
    const error = apiErrorFromResponse(status, body);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('keeps the service sentence, its code and the field at fault', () => {
    const error = apiErrorFromResponse(
      400,
      ours('invalid_field', 'The destination URL is too long.', 'destination_url'),
    );
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message: 'The destination URL is too long.',
      code: 'invalid_field',
      field: 'destination_url',
    });
  });

  it('names the cause itself when the service sent no sentence', () => {
    expect(apiErrorFromResponse(401, undefined).message).toBe('The service refused the API key.');
    expect(apiErrorFromResponse(502, '<html></html>').message).toBe(
      'The service failed to answer (HTTP 502).',
    );
    expect(apiErrorFromResponse(400, { field: 'title' }).message).toBe(
      'The service refused the value of "title".',
    );
  });

  it('reads a 409 as a taken back-half and points at the back-half field', () => {
    const error = apiErrorFromResponse(409, { message: 'Conflict' });
    expect(error).toMatchObject({
      kind: 'back_half_taken',
      field: 'back_half',
      message: 'Conflict',
    });
  });

  it('reads a 400 with our back_half_taken code as a taken back-half', () => {
    const body = ours('back_half_taken', 'The back-half "x" is already taken.', 'back_half');
    expect(apiErrorFromResponse(400, body)).toMatchObject({
      kind: 'back_half_taken',
      field: 'back_half',
    });
  });

  it.each([
    [
      'an unknown domain',
      ours('unknown_domain', 'The domain "x.test" has not been added.', 'domain'),
    ],
    ['a bad back-half', ours('invalid_field', 'The back-half may use only letters.', 'back_half')],
    [
      'a missing destination',
      ours('missing_field', 'The field "destination_url" is required.', 'destination_url'),
    ],
  ])('does not mistake %s for a taken back-half', (_, body) => {
    expect(apiErrorFromResponse(400, body).kind).toBe('invalid_input');
  });

  it('reads Retry-After in seconds', () => {
    const error = apiErrorFromResponse(429, undefined, new Headers({ 'Retry-After': '42' }));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 42 });
  });

  it('reads Retry-After as an HTTP date', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const error = apiErrorFromResponse(429, undefined, new Headers({ 'Retry-After': inAMinute }));
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(61);
  });

  it('leaves the wait unknown without Retry-After', () => {
    expect(apiErrorFromResponse(429, undefined).retryAfterSeconds).toBeUndefined();
  });
});

describe('apiErrorFromResponse, on sample answers', () => {
  const kindOf = ({ status, body }: ErrorSample) => apiErrorFromResponse(status, body).kind;

  it.each(OWN_SERVICE_SAMPLES.map((sample) => [sample.name, sample] as const))(
    'reads %s by its code, whatever its words',
    (_, sample) => {
      expect(kindOf(sample)).toBe(sample.kind);
    },
  );

  it.each(TAKEN_SAMPLES.map((sample) => [sample.name, sample] as const))(
    'reads %s as a taken back-half, on the back-half field',
    (_, sample) => {
      expect(apiErrorFromResponse(sample.status, sample.body)).toMatchObject({
        kind: 'back_half_taken',
        field: 'back_half',
      });
    },
  );

  it.each(NOT_TAKEN_SAMPLES.map((sample) => [sample.name, sample] as const))(
    'does not mistake %s for a taken back-half',
    (_, sample) => {
      expect(kindOf(sample)).toBe(sample.kind);
    },
  );

  it.each(FORBIDDEN_SAMPLES.map((sample) => [sample.name, sample] as const))(
    'reads the 403 of %s by its words',
    (_, sample) => {
      expect(kindOf(sample)).toBe(sample.kind);
    },
  );

  it('reads a code of the contract sent with another status as a foreign one, by its status', () => {
    // A proxy's or another service's "not_found" on a 400 is no answer of ours.
    expect(apiErrorFromResponse(400, { code: 'not_found', message: 'Bad.' }).kind).toBe(
      'invalid_input',
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});
