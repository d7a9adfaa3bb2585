import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readCachedDomains } from '../../../lib/account/cache.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import type { Domain } from '../../../lib/api/schemas.ts';
import { startTestService, type TestService } from '../../../test/support/test-service.ts';
import {
  type ConnectionTestResult,
  describeConnectionTest,
  testConnection,
} from './test-connection.ts';

const BASE_URL = 'https://api.example.com/v2';
const domain = (host: string): Domain => ({
  domain: host,
  subdomain: host.split('.')[0] ?? '',
  rootDomain: host.split('.').slice(1).join('.'),
  createdAt: '2026-11-22T10:00:00+00:00',
});
const connected = (count: number): ConnectionTestResult => ({
  ok: true,
  domains: Array.from({ length: count }, (_, i) => domain(`go${i}.example.com`)),
});
const failed = (error: unknown): ConnectionTestResult => ({ ok: false, error });

describe('describeConnectionTest', () => {
  it.each([
    [connected(0), 'success', 'Connected. The account has no custom domains.'],
    [connected(1), 'success', 'Connected. The account has 1 custom domain.'],
    [connected(2), 'success', 'Connected. The account has 2 custom domains.'],
    [
      failed(new ApiError('unauthorized', 'Invalid API key.', { status: 401 })),
      'error',
      'The API key is wrong: the service refused it.',
    ],
    [
      failed(new ApiError('paid_plan_required', 'Paid plans only.', { status: 403 })),
      'error',
      'The API key works, but the account is not on a paid plan.',
    ],
    [
      failed(
        new ApiError('network', 'The service at https://api.example.com could not be reached.'),
      ),
      'error',
      'The service at \u2066https://api.example.com\u2069 could not be reached.',
    ],
    [
      failed(new ApiError('timeout', 'The service did not answer within 10 s.')),
      'error',
      'The service at \u2066https://api.example.com\u2069 did not answer in time.',
    ],
    [
      failed(
        new ApiError('unauthorized', 'The API key is not allowed to do this.', { status: 403 }),
      ),
      'error',
      'The API key is not allowed to do this.',
    ],
    [
      failed(
        new ApiError('server_error', 'The service failed to answer (HTTP 502).', { status: 502 }),
      ),
      'error',
      'The service failed to answer (HTTP 502).',
    ],
    [failed(new TypeError('boom')), 'error', 'Something went wrong: boom'],
  ])('answers %j with "%s: %s"', (result, tone, message) => {
    expect(describeConnectionTest(result, BASE_URL)).toMatchObject({ tone, message });
  });

  it.each([
    ['unauthorized', /short-link service account/],
    ['paid_plan_required', /paid plans/],
    ['network', /API base URL/],
    ['timeout', /API base URL/],
    ['unexpected_response', /^Check the API base URL: it may not point to a short-link service\.$/],
  ] as const)('says what to do next after %s', (kind, advice) => {
    const answer = describeConnectionTest(failed(new ApiError(kind, 'x')), BASE_URL);
    expect(answer.advice).toMatch(advice);
  });
});

describe('testConnection, against the reference service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.stop();
  });
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('lists the custom domains and caches them for this connection', async () => {
    const apiKey = await service.createAccount('domains@example.com');
    await service.addDomain('domains@example.com', 'go.example.com');
    const connection = { id: 'first', apiBaseUrl: service.baseUrl, apiKey };

    const result = await testConnection(connection);

    expect(result).toMatchObject({ ok: true, domains: [{ domain: 'go.example.com' }] });
    expect((await readCachedDomains(connection))?.value).toEqual(result.ok && result.domains);
  });

  it.each([
    ['a made-up key', async () => 'sk_made_up', 'unauthorized'],
    [
      'the key of a free account',
      () => service.createAccount('free@example.com', 'free'),
      'paid_plan_required',
    ],
  ])('reports %s as an error and caches nothing', async (_name, key, kind) => {
    const connection = { id: 'first', apiBaseUrl: service.baseUrl, apiKey: await key() };
    const result = await testConnection(connection);
    expect(result).toMatchObject({ ok: false, error: { kind } });
    expect(await readCachedDomains(connection)).toBeUndefined();
  });
});
