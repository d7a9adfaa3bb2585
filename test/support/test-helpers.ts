// Small helpers for the service's Vitest tests: the API calls of test-api.ts, and the check of an
// error answer.
import { afterAll, beforeAll, expect } from 'vitest';
import { type Answer, type Api, api, type ProblemJson } from './test-api.ts';
import { startTestService, type TestService } from './test-service.ts';

export * from './test-api.ts';

/** Checks an error answer: status, `{"success": false, code, message, field?}` and nothing else. */
export function expectProblem(
  answer: Answer<unknown>,
  status: number,
  code: string,
  field?: string,
): ProblemJson {
  const body = answer.body as ProblemJson;
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body).toEqual({
    success: false,
    code,
    message: expect.stringMatching(/^[A-Z].+[.!]$/),
    ...(field === undefined ? {} : { field }),
  });
  return body;
}

/**
 * The reference service of a file's tests, one paid account on it, a client with its key, and the
 * service's clock. Each is there once the file's tests run (not while the file is read).
 */
export type ServiceWithAccount = {
  readonly t: TestService;
  readonly key: string;
  readonly client: Api;
  /** An instant `ms` after the service's clock, as a client would send it. */
  fromNow(ms: number): string;
};

/**
 * Starts the service and the account before the file's tests (and before the file's own
 * `beforeAll`s that follow the call); stops the service after them.
 */
export function serviceWithAccount(email: string): ServiceWithAccount {
  let started: { t: TestService; key: string; client: Api } | undefined;
  beforeAll(async () => {
    const t = await startTestService();
    const key = await t.createAccount(email);
    started = { t, key, client: api(t.baseUrl, key) };
  });
  afterAll(() => started?.t.stop());
  const get = () => {
    if (!started) throw new Error('The service starts before the tests: use it inside them.');
    return started;
  };
  return {
    get t() {
      return get().t;
    },
    get key() {
      return get().key;
    },
    get client() {
      return get().client;
    },
    fromNow: (ms) => new Date(get().t.service.clock.now() + ms).toISOString(),
  };
}
